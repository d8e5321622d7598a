import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  transactionUuidParamsSchema,
  type EdgeMessage,
  type TransactionLegResponse,
} from '@web-control/contract/transactions';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router';
import {
  HTTP_STATUS,
  isNotFound,
  refusalText,
  retrievalFailedText,
  statusOf,
} from '../../../shared/http/error-message';
import { focusOnce } from '../../../shared/focus/focus-screen';
import { LiveControl } from '../../../shared/live/live-control';
import { PageTitle } from '../../../shared/ui/page-title';
import { ErrorState } from '../../../shared/ui/query-state';
import { useMessages } from '../api/get-messages';
import { useTransactionLeg } from '../api/get-transaction-leg';
import { isGoneForGood, isPendingLeg } from '../api/trace-refresh';
import { COPIED_DURATION_MS, TRACE_NOT_FOUND_AFTER_MS, TRACE_TEXTS } from './constants';
import { sortMessages } from './edge-messages';
import { LegSummary } from './leg-summary';
import { MessageDetails } from './message-details';
import { MessageDiagram } from './message-diagram';
import { TRANSACTIONS_PATH, transactionPath } from '../paths';
import { formatTrace } from './trace-text';

/** The arrow says which way, the text what it leads to: a bare "←" beside the title read as Back. */
function LegLink({
  uuid,
  label,
  arrow,
}: {
  uuid: string | null | undefined;
  label: string;
  arrow: '←' | '→';
}) {
  if (!uuid) return null;
  const sign = <span aria-hidden>{arrow}</span>;
  return (
    <Button
      component={Link}
      to={transactionPath(uuid)}
      variant="default"
      size="sm"
      {...(arrow === '←' ? { leftSection: sign } : { rightSection: sign })}
    >
      {label}
    </Button>
  );
}

function CopyTraceButton({
  leg,
  messages,
}: {
  leg: TransactionLegResponse | undefined;
  messages: readonly EdgeMessage[];
}) {
  const clipboard = useClipboard({ timeout: COPIED_DURATION_MS });
  return (
    <Button
      variant="default"
      disabled={!leg}
      onClick={() => {
        if (leg) clipboard.copy(formatTrace(leg.transaction, leg.transactionLeg, messages));
      }}
    >
      {clipboard.copied ? TRACE_TEXTS.copied : TRACE_TEXTS.copyTrace}
    </Button>
  );
}

const messagesFailedText = retrievalFailedText("the transaction's messages");

function NotFoundNote() {
  return (
    <Alert color="blue" variant="light" role="status">
      {TRACE_TEXTS.notFound}{' '}
      <Anchor component={Link} to={TRANSACTIONS_PATH}>
        {TRACE_TEXTS.backToTransactions}
      </Anchor>
    </Alert>
  );
}

/** True once the page has been open for `ms`: a leg being written gets that long to appear. */
function useOpenFor(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

function TransactionTrace({ uuid }: { uuid: string }) {
  const leg = useTransactionLeg(uuid);
  const messages = useMessages(uuid);
  const sorted = useMemo(() => sortMessages(messages.data ?? []), [messages.data]);
  // undefined until the first message is there; then it is selected, once. null shows all.
  const [selectedId, setSelectedId] = useState<string | null | undefined>(undefined);
  const first = sorted[0];
  if (selectedId === undefined && first) setSelectedId(first.id);
  // Show All, and a message's "Show its response", replace the details the keyboard was in (Show All
  // is disabled then): it goes on from the first message shown, rather than from the page.
  const details = useRef<HTMLDivElement>(null);
  const show = (id: string | null) => {
    flushSync(() => setSelectedId(id));
    const heading = details.current?.querySelector<HTMLElement>('h2');
    if (heading) focusOnce(heading);
  };

  // A failed refresh shows no error (specification section 8): what answered stays, and the
  // refresh keeps trying. Messages that never arrived because the platform failed are not "on their
  // way": that is said, as on the transactions list (decision 0014).
  const loading = leg.isPending || messages.isPending;
  const selected = sorted.find((message) => message.id === selectedId);
  const visible = selected ? [selected] : sorted;
  const transactionLeg = leg.data?.transactionLeg;
  const waitedLongEnough = useOpenFor(TRACE_NOT_FOUND_AFTER_MS);
  // An id that is no id (400), or one the platform says does not exist (404), never will be one,
  // and is asked no more; one the platform says is being written gets a minute, and is asked on.
  const invalidId = statusOf(leg.error) === HTTP_STATUS.badRequest;
  const unknownId = isGoneForGood(leg.error) || (isPendingLeg(leg.error) && waitedLongEnough);
  const notFound = sorted.length === 0 && (invalidId || unknownId);
  // A 404 is the leg's question (being written, or not found) above; anything else is a failure.
  const messagesFailed = messages.data === undefined && messages.isError && !isNotFound(messages.error);

  return (
    <Stack>
      <PageTitle title={TRACE_TEXTS.title} />
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1}>{TRACE_TEXTS.title}</Title>
          <LegLink uuid={transactionLeg?.uuidPrev} label={TRACE_TEXTS.previousLeg} arrow="←" />
          <LegLink uuid={transactionLeg?.uuidNext} label={TRACE_TEXTS.nextLeg} arrow="→" />
        </Group>
        {isGoneForGood(leg.error) ? null : <LiveControl quietFailures />}
      </Group>
      {loading ? (
        <Center p="xl">
          <Loader aria-label="Loading transaction messages" />
        </Center>
      ) : (
        <>
          {leg.data ? <LegSummary leg={leg.data} /> : null}
          {notFound ? null : (
            <Group gap="sm">
              <Button variant="default" disabled={!selected} onClick={() => show(null)}>
                {selected ? TRACE_TEXTS.showAll : TRACE_TEXTS.showingAll}
              </Button>
              <CopyTraceButton leg={leg.data} messages={sorted} />
            </Group>
          )}
          {sorted.length > 0 ? (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <Paper withBorder p="md">
                <MessageDiagram
                  messages={sorted}
                  selectedId={selected?.id ?? null}
                  onSelect={setSelectedId}
                />
              </Paper>
              <MessageDetails ref={details} messages={visible} all={sorted} onSelect={show} />
            </SimpleGrid>
          ) : notFound ? (
            <NotFoundNote />
          ) : messagesFailed ? (
            <ErrorState
              text={refusalText(messages.error, messagesFailedText)}
              retryLabel={TRACE_TEXTS.tryAgain}
              onRetry={() => void messages.refetch()}
              error={messages.error}
            />
          ) : (
            <Alert color="blue" variant="light" role="status">
              {TRACE_TEXTS.messagesOnTheirWay}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

export function TransactionMessagesPage() {
  const { uuid = '' } = useParams();
  // An id that is no id (a reference, a masked card number pasted in) is asked of no one.
  if (!transactionUuidParamsSchema.safeParse({ uuid }).success) {
    return (
      <Stack>
        <PageTitle title={TRACE_TEXTS.title} />
        <Title order={1}>{TRACE_TEXTS.title}</Title>
        <NotFoundNote />
      </Stack>
    );
  }
  // Keyed by the leg: moving to the previous or next leg starts afresh, first message selected.
  return <TransactionTrace key={uuid} uuid={uuid} />;
}
