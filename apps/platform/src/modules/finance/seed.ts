import type { ProcessField } from '@web-control/contract/finance';
import type { Db } from '../../db/schema.ts';

interface DemoParty {
  id: number;
  name: string;
  filePattern: string;
  columns: Record<string, string>;
}

export interface DemoProcess {
  id: number;
  name: string;
  displayName: string;
  fields: ProcessField[];
  parties: DemoParty[];
}

const CARD_FIELDS: ProcessField[] = [
  { name: 'rrn', displayName: 'RRN', type: 'TEXT', reconcilable: true, key: true, money: null },
  {
    name: 'amount',
    displayName: 'Amount',
    type: 'INTEGRAL',
    reconcilable: true,
    key: false,
    money: { currencyField: 'currency' },
  },
  { name: 'currency', displayName: 'Currency', type: 'TEXT', reconcilable: true, key: false, money: null },
  {
    name: 'transactionDate',
    displayName: 'Transaction date',
    type: 'DATETIME',
    reconcilable: false,
    key: false,
    money: null,
  },
  { name: 'merchant', displayName: 'Merchant', type: 'TEXT', reconcilable: false, key: false, money: null },
];
const CARD_COLUMNS = {
  rrn: 'rrn',
  amount: 'amount',
  currency: 'currency',
  transaction_date: 'transactionDate',
  merchant: 'merchant',
};

/** The demo processes: three parties, two parties and one party, so every matching rule shows. */
export const DEMO_PROCESSES: DemoProcess[] = [
  {
    id: 1,
    name: 'card-acquiring',
    displayName: 'Card acquiring',
    fields: CARD_FIELDS,
    parties: [
      { id: 1, name: 'Switch', filePattern: '^card-switch-\\d{8}\\.csv$', columns: CARD_COLUMNS },
      { id: 2, name: 'Acquiring bank', filePattern: '^card-acquirer-\\d{8}\\.csv$', columns: CARD_COLUMNS },
      {
        id: 3,
        name: 'Card network',
        filePattern: '^card-network-\\d{8}\\.csv$',
        columns: {
          retrieval_reference: 'rrn',
          amount_minor: 'amount',
          currency_code: 'currency',
          timestamp: 'transactionDate',
          merchant_name: 'merchant',
        },
      },
    ],
  },
  {
    id: 2,
    name: 'eft',
    displayName: 'EFT',
    fields: [
      {
        name: 'reference',
        displayName: 'Reference',
        type: 'TEXT',
        reconcilable: true,
        key: true,
        money: null,
      },
      {
        name: 'amount',
        displayName: 'Amount',
        type: 'INTEGRAL',
        reconcilable: true,
        key: false,
        money: { currencyField: null },
      },
      {
        name: 'valueDate',
        displayName: 'Value date',
        type: 'DATETIME',
        reconcilable: false,
        key: false,
        money: null,
      },
    ],
    parties: [
      {
        id: 1,
        name: 'Switch',
        filePattern: '^eft-switch-\\d{8}\\.csv$',
        columns: { reference: 'reference', amount: 'amount', value_date: 'valueDate' },
      },
      {
        id: 2,
        name: 'Clearing house',
        filePattern: '^eft-clearing-\\d{8}\\.csv$',
        columns: { ref: 'reference', amount_cents: 'amount', date: 'valueDate' },
      },
    ],
  },
  {
    id: 3,
    name: 'wallet-ledger',
    displayName: 'Wallet ledger',
    fields: [
      { name: 'entryId', displayName: 'Entry ID', type: 'TEXT', reconcilable: true, key: true, money: null },
      {
        name: 'amount',
        displayName: 'Amount',
        type: 'INTEGRAL',
        reconcilable: false,
        key: false,
        money: { currencyField: null },
      },
      {
        name: 'postedAt',
        displayName: 'Posted at',
        type: 'DATETIME',
        reconcilable: false,
        key: false,
        money: null,
      },
    ],
    parties: [
      {
        id: 1,
        name: 'Switch',
        filePattern: '^wallet-ledger-\\d{8}\\.csv$',
        columns: { entry_id: 'entryId', amount: 'amount', posted_at: 'postedAt' },
      },
    ],
  },
];

/** The demo process definitions; a process that exists is left as it is. */
export async function seedFinance(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const process of DEMO_PROCESSES) {
      const inserted = await tx
        .insertInto('recon_processes')
        .values({ process_id: process.id, name: process.name, display_name: process.displayName })
        .onConflict((conflict) => conflict.doNothing())
        .returning('process_id')
        .executeTakeFirst();
      if (inserted === undefined) {
        continue;
      }
      await tx
        .insertInto('recon_fields')
        .values(
          process.fields.map((field, position) => ({
            process_id: process.id,
            position,
            name: field.name,
            display_name: field.displayName,
            type: field.type,
            reconcilable: field.reconcilable,
            is_key: field.key,
            is_money: field.money !== null,
            currency_field: field.money?.currencyField ?? null,
          })),
        )
        .execute();
      await tx
        .insertInto('recon_parties')
        .values(
          process.parties.map((party) => ({
            process_id: process.id,
            party_id: party.id,
            name: party.name,
            file_pattern: party.filePattern,
            columns: JSON.stringify(party.columns),
          })),
        )
        .execute();
    }
  });
}
