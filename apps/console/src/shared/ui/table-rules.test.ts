import { describe, expect, it } from 'vitest';
import { clickRow, cycleSort, NO_SELECTION, sortPriority, type RowSelection } from './table-rules';

describe('cycleSort', () => {
  it('cycles a column none → descending → ascending → none', () => {
    const desc = cycleSort([], 'amount', false);
    expect(desc).toEqual([{ id: 'amount', desc: true }]);
    const asc = cycleSort(desc, 'amount', false);
    expect(asc).toEqual([{ id: 'amount', desc: false }]);
    expect(cycleSort(asc, 'amount', false)).toEqual([]);
  });

  it('sorts by the clicked column alone on a plain click', () => {
    const sorting = [
      { id: 'amount', desc: true },
      { id: 'date', desc: false },
    ];
    expect(cycleSort(sorting, 'status', false)).toEqual([{ id: 'status', desc: true }]);
    expect(cycleSort(sorting, 'date', false)).toEqual([]);
    expect(cycleSort(sorting, 'amount', false)).toEqual([{ id: 'amount', desc: false }]);
  });

  it('adds, turns and removes columns in place on a multi click', () => {
    let sorting = cycleSort([], 'amount', true);
    sorting = cycleSort(sorting, 'date', true);
    sorting = cycleSort(sorting, 'status', true);
    expect(sorting).toEqual([
      { id: 'amount', desc: true },
      { id: 'date', desc: true },
      { id: 'status', desc: true },
    ]);
    sorting = cycleSort(sorting, 'date', true);
    expect(sorting).toEqual([
      { id: 'amount', desc: true },
      { id: 'date', desc: false },
      { id: 'status', desc: true },
    ]);
    sorting = cycleSort(sorting, 'date', true);
    expect(sorting).toEqual([
      { id: 'amount', desc: true },
      { id: 'status', desc: true },
    ]);
  });
});

describe('sortPriority', () => {
  it('numbers the sorted columns from 1 only while more than one sorts', () => {
    const sorting = [
      { id: 'amount', desc: true },
      { id: 'status', desc: false },
    ];
    expect(sortPriority(sorting, 'amount')).toBe(1);
    expect(sortPriority(sorting, 'status')).toBe(2);
    expect(sortPriority(sorting, 'date')).toBeNull();
    expect(sortPriority([{ id: 'amount', desc: true }], 'amount')).toBeNull();
  });
});

describe('clickRow', () => {
  const rows = ['a', 'b', 'c', 'd', 'e'];

  it('toggles a row on a click and makes it the anchor', () => {
    const one = clickRow(NO_SELECTION, rows, 'b', false);
    expect(one).toEqual({ selected: { b: true }, anchor: 'b' });
    const two = clickRow(one, rows, 'd', false);
    expect(two).toEqual({ selected: { b: true, d: true }, anchor: 'd' });
    expect(clickRow(two, rows, 'b', false)).toEqual({ selected: { d: true }, anchor: 'b' });
  });

  it('selects the range from the anchor on a shift-click, in either direction', () => {
    const anchored = clickRow(NO_SELECTION, rows, 'b', false);
    expect(clickRow(anchored, rows, 'd', true)).toEqual({
      selected: { b: true, c: true, d: true },
      anchor: 'b',
    });
    const fromD = clickRow(NO_SELECTION, rows, 'd', false);
    expect(clickRow(fromD, rows, 'a', true).selected).toEqual({ a: true, b: true, c: true, d: true });
  });

  it('keeps rows selected outside a range and moves the range with the next shift-click', () => {
    let selection = clickRow(NO_SELECTION, rows, 'e', false);
    selection = clickRow(selection, rows, 'b', false);
    selection = clickRow(selection, rows, 'c', true);
    expect(selection.selected).toEqual({ b: true, c: true, e: true });
    selection = clickRow(selection, rows, 'a', true);
    expect(selection.selected).toEqual({ a: true, b: true, c: true, e: true });
  });

  it('treats a shift-click without an anchor shown as a plain click', () => {
    expect(clickRow(NO_SELECTION, rows, 'c', true)).toEqual({ selected: { c: true }, anchor: 'c' });
    const gone: RowSelection = { selected: { z: true }, anchor: 'z' };
    expect(clickRow(gone, rows, 'c', true)).toEqual({ selected: { z: true, c: true }, anchor: 'c' });
  });
});
