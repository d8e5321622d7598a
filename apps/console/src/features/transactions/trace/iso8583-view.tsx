import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Iso8583DecodedMessage } from '@web-control/contract/iso8583-message';
import type { EdgeMessage } from '@web-control/contract/transactions';
import { Fragment } from 'react';
import stackedClasses from '../../../shared/ui/stacked-table.module.css';
import { tableRoles } from '../../../shared/ui/stacked-table';

const ROLES = tableRoles(true);
import { ISO8583_TEXTS } from './constants';
import { describeMessage } from './edge-messages';
import {
  describeExchange,
  exchangeStatus,
  formatMeaning,
  formatMti,
  formatResponseCode,
} from './iso8583-text';

/** Narrower than this, the fields table scrolls within the message's card. */
const FIELDS_MIN_WIDTH = 340;

interface Iso8583ViewProps {
  iso: Iso8583DecodedMessage;
  messages: readonly EdgeMessage[];
  onSelect: (id: string) => void;
}

function ExchangeLine({ iso, messages, onSelect }: Iso8583ViewProps) {
  const counterpart = messages.find((message) => message.id === iso.exchange.counterpartId);
  const status = exchangeStatus(iso);
  return (
    <Group gap="sm">
      {status === 'unanswered' ? (
        <Badge color="red" variant="light" tt="none">
          {ISO8583_TEXTS.unansweredBadge}
        </Badge>
      ) : null}
      {status === 'late' ? (
        <Badge color="orange" variant="light" tt="none">
          {ISO8583_TEXTS.lateBadge}
        </Badge>
      ) : null}
      <Text size="sm">{describeExchange(iso, counterpart ? describeMessage(counterpart) : null)}</Text>
      {counterpart ? (
        <Button size="compact-sm" variant="default" onClick={() => onSelect(counterpart.id)}>
          {ISO8583_TEXTS.showCounterpart(iso.exchange.role === 'request')}
        </Button>
      ) : null}
    </Group>
  );
}

/** Values up to this long (a card number, an amount, a date) stay whole; longer ones (EMV data) wrap. */
const WHOLE_VALUE_MAX = 24;

/**
 * A raw value as sent: its fixed-width padding kept (DE 43's name, city and country), whole when
 * short, wrapping anywhere when long. Wrapping anywhere, short values let the column shrink until a
 * card number broke mid-digit.
 */
export function valueStyle(value: string) {
  return {
    fontFamily: 'monospace',
    whiteSpace: 'pre-wrap',
    overflowWrap: value.length > WHOLE_VALUE_MAX ? 'anywhere' : 'normal',
  } as const;
}

/** A field's or an EMV element's row; each cell names its column, which a phone shows beside it. */
function FieldRow({ number, name, value, meaning }: Record<'number' | 'name' | 'value' | 'meaning', string>) {
  return (
    <Table.Tr {...ROLES.row}>
      <Table.Td data-label={ISO8583_TEXTS.field} {...ROLES.cell}>
        {number}
      </Table.Td>
      <Table.Td data-label={ISO8583_TEXTS.name} {...ROLES.cell}>
        <div>{name}</div>
      </Table.Td>
      <Table.Td data-label={ISO8583_TEXTS.value} style={valueStyle(value)} {...ROLES.cell}>
        <div>{value}</div>
      </Table.Td>
      <Table.Td data-label={ISO8583_TEXTS.meaning} {...ROLES.cell}>
        <div>{meaning}</div>
      </Table.Td>
    </Table.Tr>
  );
}

/** A card leg's message decoded: its type, how it pairs with its counterpart, its bitmap and fields. */
export function Iso8583View({ iso, messages, onSelect }: Iso8583ViewProps) {
  const responseCode = formatResponseCode(iso);
  const bitmap = [iso.bitmap.primary, iso.bitmap.secondary].filter((part) => part !== null).join(' ');
  return (
    <Stack gap="sm">
      <Text fw={600}>{formatMti(iso)}</Text>
      <ExchangeLine iso={iso} messages={messages} onSelect={onSelect} />
      {responseCode === null ? null : (
        <Text size="sm">
          {ISO8583_TEXTS.responseCode}: {responseCode}
        </Text>
      )}
      <Text size="sm">
        {ISO8583_TEXTS.bitmap}: <code>{bitmap}</code>
      </Text>
      {/* On a phone each field is a card of labelled lines: four columns cut values mid-digit. */}
      <Table.ScrollContainer
        minWidth={FIELDS_MIN_WIDTH}
        type="native"
        classNames={{ scrollContainerInner: stackedClasses.stackedInner }}
      >
        <Table
          withTableBorder
          striped
          aria-label={ISO8583_TEXTS.fields}
          className={stackedClasses.stacked}
          {...ROLES.table}
        >
          <Table.Thead {...ROLES.rowgroup}>
            <Table.Tr {...ROLES.row}>
              <Table.Th w={70} {...ROLES.columnheader}>
                {ISO8583_TEXTS.field}
              </Table.Th>
              <Table.Th {...ROLES.columnheader}>{ISO8583_TEXTS.name}</Table.Th>
              <Table.Th {...ROLES.columnheader}>{ISO8583_TEXTS.value}</Table.Th>
              <Table.Th {...ROLES.columnheader}>{ISO8583_TEXTS.meaning}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody {...ROLES.rowgroup}>
            {iso.fields.map((field) => (
              <Fragment key={field.number}>
                <FieldRow
                  number={String(field.number)}
                  name={field.name}
                  value={field.value}
                  meaning={formatMeaning(field.meaning)}
                />
                {(field.elements ?? []).map((element) => (
                  <FieldRow
                    key={`${field.number}-${element.tag}`}
                    number={`${field.number}.${element.tag}`}
                    name={element.name}
                    value={element.value}
                    meaning={element.meaning ?? ''}
                  />
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
