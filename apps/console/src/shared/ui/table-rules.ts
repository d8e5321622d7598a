import type { RowSelectionState, SortingState } from '@tanstack/react-table';

/**
 * A header click: a column goes none → descending → ascending → none. A plain click sorts by
 * that column alone; a multi click (shift) adds it after the columns already sorted, changes
 * its direction in place, or removes it, moving the later ones up a priority.
 */
export function cycleSort(sorting: SortingState, columnId: string, multi: boolean): SortingState {
  const current = sorting.find((sort) => sort.id === columnId);
  let next = null;
  if (!current) next = { id: columnId, desc: true };
  else if (current.desc) next = { id: columnId, desc: false };
  if (!multi) return next ? [next] : [];
  if (!current) return next ? [...sorting, next] : sorting;
  return next
    ? sorting.map((sort) => (sort.id === columnId ? next : sort))
    : sorting.filter((sort) => sort.id !== columnId);
}

/** A column's place among several sorted columns (1 first); none while one column or none sorts. */
export function sortPriority(sorting: SortingState, columnId: string): number | null {
  if (sorting.length < 2) return null;
  const index = sorting.findIndex((sort) => sort.id === columnId);
  return index === -1 ? null : index + 1;
}

export interface RowSelection {
  selected: RowSelectionState;
  /** The row a shift-click range starts from: the last row clicked without shift. */
  anchor: string | null;
}

export const NO_SELECTION: RowSelection = { selected: {}, anchor: null };

/**
 * A row click toggles the row and makes it the anchor; a shift-click selects every row from the
 * anchor to the clicked one, in the order shown, and keeps the anchor for the next range.
 */
export function clickRow(
  selection: RowSelection,
  rowIds: readonly string[],
  rowId: string,
  shift: boolean,
): RowSelection {
  const from = selection.anchor === null ? -1 : rowIds.indexOf(selection.anchor);
  const to = rowIds.indexOf(rowId);
  if (shift && from !== -1 && to !== -1) {
    const selected = { ...selection.selected };
    for (const id of rowIds.slice(Math.min(from, to), Math.max(from, to) + 1)) selected[id] = true;
    return { selected, anchor: selection.anchor };
  }
  const { [rowId]: wasSelected, ...others } = selection.selected;
  return { selected: wasSelected ? others : { ...others, [rowId]: true }, anchor: rowId };
}

/** A table with more rows than this renders only those in or near the window. */
export const VIRTUALIZE_ABOVE_ROWS = 50;
/** A row's height before it is measured (a one-line row of Mantine's default table). */
export const ESTIMATED_ROW_HEIGHT_PX = 37;
/** Rows rendered beyond each edge of the window, so that a short scroll shows no blank. */
export const OVERSCAN_ROWS = 10;
