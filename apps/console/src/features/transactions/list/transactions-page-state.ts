import {
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionsResponse,
} from '@web-control/contract/transactions';

/** A foreground load clears the list and shows the loader; a background one keeps the list. */
export type LoadMode = 'foreground' | 'background';

/** The transactions page (specification section 4). */
export interface TransactionsPageState {
  loading: boolean;
  transactions: Transaction[];
  /** The last load's failure, kept but never shown (specification section 8); null after a success. */
  error: unknown;
  currentPage: number;
  pageSize: number;
  /** The newest row of the first page: later pages hold only rows no newer, so they do not shift. */
  latestUuid: string | null;
  previousPage: boolean;
  nextPage: boolean;
  selectedUuid: string | null;
  autoRefresh: boolean;
  /** The load under way, numbered so that only its own answer is taken. */
  pendingLoad: { id: number; mode: LoadMode } | null;
  loadCount: number;
}

export type TransactionsPageAction =
  /** A foreground load of a page: new filters, paging, the Refresh button. */
  | { type: 'load'; page: number }
  /** Shortly after the page opens, a first load unless there is a list already. */
  | { type: 'initial-refresh'; page: number }
  /** The auto-refresh timer, which ticks whether or not auto-refresh is on. */
  | { type: 'tick' }
  | { type: 'loaded'; id: number; page: number; response: TransactionsResponse }
  | { type: 'failed'; id: number; error: unknown }
  | { type: 'select'; uuid: string }
  | { type: 'set-auto-refresh'; on: boolean };

export const initialTransactionsPageState: TransactionsPageState = {
  loading: true,
  transactions: [],
  error: null,
  currentPage: 1,
  pageSize: TRANSACTIONS_PAGE_SIZE,
  latestUuid: null,
  previousPage: false,
  nextPage: false,
  selectedUuid: null,
  autoRefresh: false,
  pendingLoad: null,
  loadCount: 0,
};

function startLoad(state: TransactionsPageState, mode: LoadMode, page?: number): TransactionsPageState {
  const id = state.loadCount + 1;
  const started = { ...state, pendingLoad: { id, mode }, loadCount: id };
  if (mode === 'background') return started;
  return {
    ...started,
    loading: true,
    transactions: [],
    currentPage: page ?? state.currentPage,
    previousPage: false,
    nextPage: false,
  };
}

export function reduceTransactionsPage(
  state: TransactionsPageState,
  action: TransactionsPageAction,
): TransactionsPageState {
  switch (action.type) {
    case 'load':
      return startLoad(state, 'foreground', action.page);
    case 'initial-refresh':
      return state.transactions.length === 0 ? startLoad(state, 'foreground', action.page) : state;
    case 'tick':
      // A refresh never interrupts a load under way.
      return state.autoRefresh && state.pendingLoad === null ? startLoad(state, 'background') : state;
    case 'loaded': {
      if (action.id !== state.pendingLoad?.id) return state;
      const { transactions, paging } = action.response;
      return {
        ...state,
        loading: false,
        transactions,
        error: null,
        currentPage: action.page,
        latestUuid: action.page === 1 ? (transactions[0]?.uuid ?? null) : state.latestUuid,
        previousPage: paging.previousPage,
        nextPage: paging.nextPage,
        pendingLoad: null,
      };
    }
    case 'failed':
      if (action.id !== state.pendingLoad?.id) return state;
      return { ...state, loading: false, error: action.error, pendingLoad: null };
    case 'select':
      return { ...state, selectedUuid: state.selectedUuid === action.uuid ? null : action.uuid };
    case 'set-auto-refresh':
      return { ...state, autoRefresh: action.on };
  }
}
