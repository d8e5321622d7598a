import { useState } from 'react';
import type { ColumnVisibilityControl } from '../../../shared/ui/use-table-controls';
import { columnChoicesKey, readColumnChoices, writeColumnChoices } from './column-choices';

/** Column visibility that the Columns dropdown changes and this browser keeps per user and process. */
export function useColumnChoices(username: string, processId: number): ColumnVisibilityControl {
  const key = columnChoicesKey(username, processId);
  const [state, setState] = useState(() => ({ key, visibility: readColumnChoices(localStorage, key) }));
  // Another user or process reads its own choices.
  const visibility = state.key === key ? state.visibility : readColumnChoices(localStorage, key);
  return {
    visibility,
    setVisible: (columnId, visible) => {
      const next = { ...visibility, [columnId]: visible };
      writeColumnChoices(localStorage, key, next);
      setState({ key, visibility: next });
    },
  };
}
