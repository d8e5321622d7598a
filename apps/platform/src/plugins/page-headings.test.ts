import { describe, expect, it } from 'vitest';
import { cookieValue } from './page-headings.ts';

describe('a cookie in a Cookie header', () => {
  it('is found by its exact name, among others and with spaces around it', () => {
    const header = 'theme=dark;  webControl.pageToken = a.b.c ; webControl.pageTokenOld=x';
    expect(cookieValue(header, 'webControl.pageToken')).toBe('a.b.c');
    expect(cookieValue('a=1;b=2=3', 'b')).toBe('2=3');
  });

  it('is not found in no header, under another name, or as a name without a value', () => {
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('ab=1; xa=2', 'a')).toBeUndefined();
    expect(cookieValue('a; b=2', 'a')).toBeUndefined();
  });
});
