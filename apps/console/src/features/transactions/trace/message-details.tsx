import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { EdgeMessage } from '@web-control/contract/transactions';
import { useId } from 'react';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { describeMessage, formatRepeats } from './edge-messages';
import { prettyPrintContent } from './pretty-print';

function MessageDetail({ message, headingId }: { message: EdgeMessage; headingId: string }) {
  const rows: [string, string][] = [
    ['Edge', message.edgeName],
    ['Edge type', message.edgeType],
    ['Direction', message.direction],
    ['Time', formatDateTimeSeconds(message.timeCreated)],
    ['Repeats', formatRepeats(message.nrRepeats)],
  ];
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {describeMessage(message)}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" w={120}>
                  {name}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" fw={600}>
          Content
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {prettyPrintContent(message.content)}
        </Code>
      </Stack>
    </Paper>
  );
}

/** Every field of each message shown, its content pretty-printed. */
export function MessageDetails({ messages }: { messages: readonly EdgeMessage[] }) {
  const idPrefix = useId();
  return (
    <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Message details">
      {messages.map((message) => (
        <MessageDetail key={message.id} message={message} headingId={`${idPrefix}-${message.id}`} />
      ))}
    </Stack>
  );
}
