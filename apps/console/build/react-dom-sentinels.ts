import type { Plugin } from 'vite';

/** React DOM's production module, which makes its sentinels as it is evaluated. */
export const REACT_DOM_CLIENT_MODULE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** The errors React DOM makes once, to throw and recognise by identity, never to report. */
export const REACT_DOM_SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

/**
 * React DOM's source with each sentinel made without a stack: an object of Error's prototype and
 * the same message. Throws when one is no longer made as `Name = Error(formatProdErrorMessage(n))`
 * (a React upgrade), so the build stops rather than silently bringing the cost back.
 */
export function stacklessSentinels(source: string): string {
  let result = source;
  for (const name of REACT_DOM_SENTINELS) {
    const made = new RegExp(`\\b(${name} = )Error\\((formatProdErrorMessage\\(\\d+\\))\\)`);
    if (!made.test(result)) {
      throw new Error(`React DOM no longer makes ${name} as expected (decision 0049)`);
    }
    result = result.replace(
      made,
      '$1Object.create(Error.prototype, { message: { value: $2, writable: true, configurable: true } })',
    );
  }
  return result;
}

/**
 * Chromium records where each Error is made, line and column, for the page's error events. Made
 * while the entry is evaluated, React DOM's first sentinel made V8 parse the whole entry chunk's
 * top-level code and React DOM's module again for their positions: more than half of the entry's
 * evaluation (decision 0049). Production build only; the dev server and the tests keep React's own.
 */
export function reactDomSentinels(): Plugin {
  return {
    name: 'web-control-react-dom-sentinels',
    apply: 'build',
    transform(code, id) {
      return REACT_DOM_CLIENT_MODULE.test(id) ? { code: stacklessSentinels(code), map: null } : undefined;
    },
  };
}
