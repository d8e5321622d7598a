import { act } from '@testing-library/react';
import type { createMemoryRouter } from 'react-router';

type TestRouter = ReturnType<typeof createMemoryRouter>;

/**
 * Navigates as the user would and lets React render the screen it leads to. React Router renders
 * its state in a transition, so outside `act` the router's location runs ahead of the screen: wait
 * for what the screen shows, then read the URL if the test is about it.
 */
export async function navigateTo(router: TestRouter, to: string | number): Promise<void> {
  await act(() => (typeof to === 'number' ? router.navigate(to) : router.navigate(to)));
}
