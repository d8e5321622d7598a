import { afterEach, describe, expect, it } from 'vitest';
import { columnChoicesKey, readColumnChoices, writeColumnChoices } from './column-choices';

describe('column choices', () => {
  afterEach(() => localStorage.clear());

  it('are kept apart per user and process', () => {
    writeColumnChoices(localStorage, columnChoicesKey('alice', 1), { score: false, amount: true });
    expect(readColumnChoices(localStorage, columnChoicesKey('alice', 1))).toEqual({
      score: false,
      amount: true,
    });
    expect(readColumnChoices(localStorage, columnChoicesKey('alice', 2))).toEqual({});
    expect(readColumnChoices(localStorage, columnChoicesKey('bob', 1))).toEqual({});
  });

  it('ignore a damaged entry', () => {
    localStorage.setItem(columnChoicesKey('alice', 1), '{not json');
    expect(readColumnChoices(localStorage, columnChoicesKey('alice', 1))).toEqual({});
    localStorage.setItem(columnChoicesKey('alice', 1), '{"score":"no","id":false}');
    expect(readColumnChoices(localStorage, columnChoicesKey('alice', 1))).toEqual({ id: false });
  });
});
