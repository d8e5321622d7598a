import type { ProcessField, ProcessSummary, ReconFile, Snapshot } from '@web-control/contract/finance';

/** A key text field and an amount in rand: the fields the finance tests' processes have. */
export function keyField(name: string, displayName: string): ProcessField {
  return { name, displayName, type: 'TEXT', reconcilable: true, key: true, money: null };
}

export const AMOUNT_FIELD: ProcessField = {
  name: 'amount',
  displayName: 'Amount',
  type: 'INTEGRAL',
  reconcilable: true,
  key: false,
  money: { currencyField: null },
};

export function processSummary(overrides: Partial<ProcessSummary> = {}): ProcessSummary {
  return {
    id: 1,
    name: 'card-recon',
    displayName: 'Card Recon',
    parties: { '1': 'Bank', '2': 'Switch' },
    fields: [],
    pendingApprovals: 0,
    reconExceptions: 0,
    missingFiles: 0,
    uploadErrors: 0,
    ...overrides,
  };
}

export const SNAPSHOT: Snapshot = {
  fileSources: [
    { displayName: 'Bank', lastUploadDt: '2026-02-03T14:05:00.000Z', successRecords: 1500, errorRecords: 2 },
  ],
  reconStats: { matched: 12345, unmatched: 7, partial: 0, rejected: 1, since: '2026-02-03T00:00:00.000Z' },
  settlementStats: {
    startDate: '2026-02-03T00:00:00.000Z',
    endDate: '2026-02-03T23:59:59.000Z',
    stats: [
      { statName: 'Settled', amount: 1234567.5 },
      { statName: 'Total ZAR', amount: 13420 },
    ],
  },
  actionStats: { totalPending: 0 },
};

export function reconFile(overrides: Partial<ReconFile> = {}): ReconFile {
  return {
    id: 10,
    processId: 1,
    fileName: 'bank-20260203.csv',
    partyName: 'Bank',
    createdDateTime: '2026-02-03T14:05:00.000Z',
    status: 'LOADED',
    records: 1200,
    exceptions: 3,
    errorReason: null,
    ...overrides,
  };
}
