import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export type DetailRow = readonly [name: string, value: ReactNode];

interface DetailsTableProps {
  rows: readonly DetailRow[];
  /** The table's accessible name, when the page holds more than one. */
  label?: string;
  /** Pixels of the names' column. */
  nameWidth?: number;
}

/** One thing's details as name/value rows: a leg, a message, a user, a file. */
export function DetailsTable({ rows, label, nameWidth = 140 }: DetailsTableProps) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={nameWidth}>
              {name}
            </Table.Th>
            {/* Long ids and file names break rather than widen the page. */}
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
