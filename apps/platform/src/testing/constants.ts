/** The demo password of the test template database. */
export const TEST_DEMO_PASSWORD = 'test-demo-password';
