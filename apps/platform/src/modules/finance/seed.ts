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

/** A demo field: not a key, not money, unless told. */
function field(
  name: string,
  displayName: string,
  type: ProcessField['type'],
  reconcilable: boolean,
  more: Partial<Pick<ProcessField, 'key' | 'money'>> = {},
): ProcessField {
  return { name, displayName, type, reconcilable, key: false, money: null, ...more };
}

const CARD_FIELDS: ProcessField[] = [
  field('rrn', 'RRN', 'TEXT', true, { key: true }),
  field('amount', 'Amount', 'INTEGRAL', true, { money: { currencyField: 'currency' } }),
  field('currency', 'Currency', 'TEXT', true),
  field('transactionDate', 'Transaction date', 'DATETIME', false),
  field('merchant', 'Merchant', 'TEXT', false),
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
      field('reference', 'Reference', 'TEXT', true, { key: true }),
      field('amount', 'Amount', 'INTEGRAL', true, { money: { currencyField: null } }),
      field('valueDate', 'Value date', 'DATETIME', false),
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
      field('entryId', 'Entry ID', 'TEXT', true, { key: true }),
      field('amount', 'Amount', 'INTEGRAL', false, { money: { currencyField: null } }),
      field('postedAt', 'Posted at', 'DATETIME', false),
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
