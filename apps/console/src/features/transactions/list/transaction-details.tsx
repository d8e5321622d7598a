import { Anchor, Stack, Title } from '@mantine/core';
import type {
  ServiceData,
  ServiceDataEntry,
  ServiceDataValue,
  Transaction,
} from '@web-control/contract/transactions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCurrency } from '../../../shared/format/currency';
import { transactionPath } from '../paths';
import classes from './transactions-list.module.css';

const SECTION_TITLES: Record<keyof ServiceData, string> = {
  base: 'Base',
  service: 'Service',
  error: 'Error',
};
const SECTIONS = ['base', 'service', 'error'] as const;

type PlainValue = Exclude<ServiceDataValue, ServiceDataEntry[]>;

/** A value marked with a currency is an amount in minor units; a blank code means ZAR. */
function formatValue(value: PlainValue, currency: string | undefined): string {
  if (currency !== undefined && (typeof value === 'number' || typeof value === 'string')) {
    const amount = typeof value === 'number' ? value : Number(value);
    if (value !== '' && Number.isFinite(amount)) return formatCurrency(amount, currency.trim() || undefined);
  }
  return value === null ? '–' : String(value);
}

function NameValuePairs({ pairs }: { pairs: { name: string; value: ReactNode }[] }) {
  return (
    <dl className={classes.pairs}>
      {pairs.map(({ name, value }, index) => (
        // Names may repeat within a list.
        <div key={`${index} ${name}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Name/value pairs; a value that is itself a list of entries nests. */
function ServiceDataList({ entries }: { entries: ServiceDataEntry[] }) {
  return (
    <NameValuePairs
      pairs={entries.map((entry) => ({
        name: entry.name,
        value: Array.isArray(entry.value) ? (
          <ServiceDataList entries={entry.value} />
        ) : (
          formatValue(entry.value, entry.meta?.currency)
        ),
      }))}
    />
  );
}

interface TransactionDetailsProps {
  id: string;
  transaction: Transaction;
}

/** The expanded part of a row: the service data by section, or without it the trace ID and environment. */
export function TransactionDetails({ id, transaction }: TransactionDetailsProps) {
  const { serviceData } = transaction;
  return (
    <Stack
      id={id}
      role="region"
      aria-label={`Details of transaction ${transaction.referenceNumber}`}
      gap="sm"
      className={classes.details}
    >
      {serviceData ? (
        SECTIONS.filter((section) => serviceData[section].length > 0).map((section) => (
          <div key={section}>
            <Title order={2} size="h5" mb={4}>
              {SECTION_TITLES[section]}
            </Title>
            <ServiceDataList entries={serviceData[section]} />
          </div>
        ))
      ) : (
        <NameValuePairs
          pairs={[
            { name: 'Trace ID', value: transaction.uuid },
            { name: 'Environment', value: transaction.serverDesc },
          ]}
        />
      )}
      <Anchor component={Link} to={transactionPath(transaction.uuid)} w="fit-content">
        View messages
      </Anchor>
    </Stack>
  );
}
