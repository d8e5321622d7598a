/** The demo password of the test template database. */
export const TEST_DEMO_PASSWORD = 'test-demo-password';

/** The test template's BIN routing map is small: each test file loads a copy of the template. */
export const TEST_BIN_ROUTING_ENTRIES = 2_000;
