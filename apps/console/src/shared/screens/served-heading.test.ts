import { describe, expect, it } from 'vitest';
import { rememberServedHeading, servedHeading } from './served-heading';

function servedRoot(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  return root;
}

describe('the served heading', () => {
  it('is the shell’s h1 as text, at the path the page was served for only', () => {
    rememberServedHeading(servedRoot('<div data-shell><main><h1>EFT &amp; cards</h1></main></div>'), '/a');
    expect(servedHeading('/a')).toBe('EFT & cards');
    expect(servedHeading('/b')).toBeUndefined();
  });

  it('is none for a page served without a shell or with an empty heading', () => {
    rememberServedHeading(servedRoot('<h1>Not a shell</h1>'), '/a');
    expect(servedHeading('/a')).toBeUndefined();
    rememberServedHeading(servedRoot('<div data-shell><h1></h1></div>'), '/a');
    expect(servedHeading('/a')).toBeUndefined();
  });
});
