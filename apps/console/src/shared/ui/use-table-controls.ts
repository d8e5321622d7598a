import type { ColumnVisibilityState, RowSelectionState, SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { clickRow, cycleSort, NO_SELECTION, type RowSelection } from './table-rules';

export interface SortingControl {
  sorting: SortingState;
  /** A header click; `multi` (shift held) adds the column to the sort instead of replacing it. */
  toggle: (columnId: string, multi: boolean) => void;
}

export function useSorting(initial: SortingState = []): SortingControl {
  const [sorting, setSorting] = useState(initial);
  return {
    sorting,
    toggle: (columnId, multi) => setSorting((current) => cycleSort(current, columnId, multi)),
  };
}

export interface RowSelectionControl {
  selected: RowSelectionState;
  /** A row click; `rowIds` are the rows in the order shown, which a shift-click range follows. */
  click: (rowIds: readonly string[], rowId: string, shift: boolean) => void;
  clear: () => void;
}

/** Row selection that starts empty again whenever `rows` changes (a new answer, a new page). */
export function useRowSelection(rows: readonly unknown[]): RowSelectionControl {
  const [state, setState] = useState<{ rows: readonly unknown[]; selection: RowSelection }>({
    rows,
    selection: NO_SELECTION,
  });
  const selection = state.rows === rows ? state.selection : NO_SELECTION;
  return {
    selected: selection.selected,
    click: (rowIds, rowId, shift) => setState({ rows, selection: clickRow(selection, rowIds, rowId, shift) }),
    clear: () => setState({ rows, selection: NO_SELECTION }),
  };
}

export interface ColumnVisibilityControl {
  /** Columns set to false are hidden; any column not named is shown. */
  visibility: ColumnVisibilityState;
  setVisible: (columnId: string, visible: boolean) => void;
}

export function useColumnVisibility(initial: ColumnVisibilityState = {}): ColumnVisibilityControl {
  const [visibility, setVisibility] = useState(initial);
  return {
    visibility,
    setVisible: (columnId, visible) => setVisibility((current) => ({ ...current, [columnId]: visible })),
  };
}
