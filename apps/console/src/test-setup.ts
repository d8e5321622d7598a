import '@testing-library/jest-dom/vitest';
import './zod-config';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A busy machine (CI beside other work) can take more than the default second to show a screen;
// findBy* and waitFor wait for the screen, so a longer limit only matters when something is wrong.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});

/** jsdom's window has a width (1024 px): a min-width query, the console's only kind, answers for it. */
function matchesWidth(query: string): boolean {
  const minWidth = /\(min-width:\s*([\d.]+)(em|px)\)/.exec(query);
  if (!minWidth) return false;
  return window.innerWidth >= Number(minWidth[1]) * (minWidth[2] === 'em' ? 16 : 1);
}

// Mantine reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
// As in a browser, an observer reports each element once when it starts observing it; jsdom lays
// nothing out, so the size reported is 0.
class ResizeObserverStub {
  #disconnected = false;
  readonly #callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element): void {
    void Promise.resolve().then(() => {
      if (this.#disconnected) return;
      const entry = { target, contentRect: target.getBoundingClientRect() } as ResizeObserverEntry;
      this.#callback([entry], this);
    });
  }
  unobserve(): void {}
  disconnect(): void {
    this.#disconnected = true;
  }
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => undefined;
