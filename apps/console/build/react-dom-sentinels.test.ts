import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  REACT_DOM_CLIENT_MODULE,
  REACT_DOM_SENTINELS,
  reactDomSentinels,
  stacklessSentinels,
} from './react-dom-sentinels';

const require = createRequire(import.meta.url);
const reactDomClient = path.join(
  path.dirname(require.resolve('react-dom/package.json')),
  'cjs',
  'react-dom-client.production.js',
);

describe('React DOM’s sentinels without a stack', () => {
  it('makes each of React DOM’s sentinels an Error by its prototype and message, and changes nothing else', async () => {
    // After a React upgrade that makes them otherwise, the build would stop (below) rather than
    // silently bring back the entry's second parse.
    const source = await readFile(reactDomClient, 'utf8');
    expect(REACT_DOM_CLIENT_MODULE.test(reactDomClient)).toBe(true);
    const patched = stacklessSentinels(source);
    const lines = source.split('\n');
    const patchedLines = patched.split('\n');
    expect(patchedLines).toHaveLength(lines.length);
    const changed = patchedLines.filter((line, index) => line !== lines[index]);
    expect(changed).toHaveLength(REACT_DOM_SENTINELS.length);
    expect(patched).not.toMatch(
      new RegExp(`\\b(${REACT_DOM_SENTINELS.join('|')}) = Error\\(formatProdErrorMessage`),
    );

    // The patched statements run as React DOM runs them, in this realm (its Error).
    const made = runInThisContext(
      `(function (formatProdErrorMessage) { var ${stacklessSentinels(
        REACT_DOM_SENTINELS.map(
          (name, index) => `${name} = Error(formatProdErrorMessage(${460 + index}))`,
        ).join(',\n'),
      )}; return [${REACT_DOM_SENTINELS.join(', ')}]; })`,
    ) as (format: (code: number) => string) => Error[];
    const sentinels = made((code) => `Minified React error #${code}`);
    expect(sentinels.map((sentinel) => sentinel instanceof Error)).toEqual(
      REACT_DOM_SENTINELS.map(() => true),
    );
    expect(sentinels.map((sentinel) => String(sentinel))).toEqual(
      REACT_DOM_SENTINELS.map((_, index) => `Error: Minified React error #${460 + index}`),
    );
    expect(new Set(sentinels).size).toBe(REACT_DOM_SENTINELS.length);
    expect(sentinels.map((sentinel) => Object.hasOwn(sentinel, 'stack'))).toEqual(
      REACT_DOM_SENTINELS.map(() => false),
    );
  });

  it('stops the build when React DOM makes a sentinel otherwise', () => {
    expect(() => stacklessSentinels('var SuspenseException = new Error("x");')).toThrow(
      'React DOM no longer makes HydrationMismatchException as expected (decision 0049)',
    );
  });

  it('touches React DOM’s production module only', () => {
    const transform = reactDomSentinels().transform as (code: string, id: string) => unknown;
    expect(
      transform('const a = Error("x");', '/app/node_modules/react-dom/cjs/react-dom.production.js'),
    ).toBeUndefined();
  });
});
