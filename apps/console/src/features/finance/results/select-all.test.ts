import { describe, expect, it } from 'vitest';
import { selectAllOfferOf, selectedCountOf } from './select-all';

const input = { allFiltered: false, selectedOnPage: 25, rowsOnPage: 25, totalRecords: 80 };

describe('select all transactions', () => {
  it('is offered once the whole page is selected and other pages exist', () => {
    expect(selectAllOfferOf(input)).toBe('select-all');
    expect(selectAllOfferOf({ ...input, selectedOnPage: 24 })).toBeNull();
    expect(selectAllOfferOf({ ...input, totalRecords: 25 })).toBeNull();
    expect(selectAllOfferOf({ ...input, rowsOnPage: 0, selectedOnPage: 0, totalRecords: 0 })).toBeNull();
  });

  it('turns into Clear selection once chosen, covering every filtered transaction', () => {
    const all = { ...input, allFiltered: true };
    expect(selectAllOfferOf(all)).toBe('clear');
    expect(selectedCountOf(all)).toBe(80);
    expect(selectedCountOf({ ...input, selectedOnPage: 3 })).toBe(3);
  });
});
