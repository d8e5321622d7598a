import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  VOUCHER_CARD_NUMBER_MESSAGE,
  VOUCHER_EDIT_PERMISSION,
  orderParamsSchema,
  type OrderDetailResponse,
  type PaymentInfo,
} from '@web-control/contract/vouchers';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatCurrency } from '../../../shared/format/currency';
import { openModal } from '../../../shared/modals/modal-store';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { holdsCardNumberOrMask } from '../../../shared/url/url-params';
import { useCan } from '../../../shared/session/permissions';
import { PageTitle } from '../../../shared/ui/page-title';
import { ErrorState, QueryState } from '../../../shared/ui/query-state';
import { StatePill } from '../../../shared/ui/state-pill';
import stackedClasses from '../../../shared/ui/stacked-table.module.css';
import { tableRoles } from '../../../shared/ui/stacked-table';
import { useVoucher } from '../api/get-voucher';
import { useRollRedemption, type RollDirection } from '../api/roll-redemption';
import { useSetHoldStatus } from '../api/set-hold-status';
import { VoucherBreadcrumbs } from '../components/voucher-breadcrumbs';
import { holdModal, rollModal, VOUCHER_MODALS } from '../components/voucher-modal-definitions';
import { DETAIL_TEXTS, SEARCH_TEXTS, VOUCHER_MESSAGES } from '../constants';
import { VOUCHER_TITLE } from '../titles';
import { transactionTracePath, VOUCHERS_PATH } from '../paths';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { historyStatus, voucherStateKind } from '../voucher-state';
import { groupHistory, type VoucherEvent } from './voucher-history';
import { RefreshButton } from '../../../shared/ui/refresh-button';

const ROLES = tableRoles(true);

/** A label and its value, read out as a pair. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      {/* A status such as REDEMPTION_AUTHORISED is one word: it wraps within its column on a phone. */}
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function CurrentState({ detail, canEdit }: { detail: OrderDetailResponse; canEdit: boolean }) {
  const headingId = useId();
  const { order } = detail;
  const hold = useSetHoldStatus();
  // Offered only where the state machine allows it (section 4).
  const onHold = order.state === 'REDEEMABLE' ? true : order.state === 'ON_HOLD' ? false : null;
  const changeHold = (placing: boolean) =>
    void openModal(holdModal, {
      reference: order.reference,
      onHold: placing,
      apply: (body, idempotencyKey) =>
        hold.mutateAsync({ customerId: order.customerId, reference: order.reference, body, idempotencyKey }),
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start">
        <Stack gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id={headingId}>
              {DETAIL_TEXTS.currentState}
            </Title>
            <StatePill label={order.state} kind={voucherStateKind(order.state)} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <Field label={DETAIL_TEXTS.reference}>{order.reference}</Field>
            <Field label={DETAIL_TEXTS.created}>{formatDateTimeSeconds(order.datetimeCreated)}</Field>
            <Field label={DETAIL_TEXTS.balance}>
              {formatCurrency(order.amount.amount, order.amount.currency)}
            </Field>
          </SimpleGrid>
        </Stack>
        {canEdit && onHold !== null ? (
          <Button
            color={onHold ? 'orange' : 'blue'}
            onClick={() => changeHold(onHold)}
            {...preloadModalsOnIntent(VOUCHER_MODALS)}
            loading={hold.isPending}
          >
            {onHold ? DETAIL_TEXTS.placeOnHold : DETAIL_TEXTS.releaseHold}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

function PaymentFields({ payment }: { payment: PaymentInfo }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0}>
      <Field label={DETAIL_TEXTS.merchantId}>{payment.originator.merchant.merchantId}</Field>
      <Field label={DETAIL_TEXTS.terminalId}>{payment.originator.terminalId}</Field>
      {payment.recipientId ? <Field label={DETAIL_TEXTS.recipientId}>{payment.recipientId}</Field> : null}
      <Field
        label={DETAIL_TEXTS.place}
      >{`${payment.merchantName.city}, ${payment.merchantName.region}`}</Field>
      <Field label={DETAIL_TEXTS.origin}>{payment.merchantName.name}</Field>
    </SimpleGrid>
  );
}

const BALANCE_COLUMNS = {
  status: SEARCH_TEXTS.columns.status,
  description: 'Description',
  date: 'Date',
  amount: 'Amount',
  balance: 'Balance',
} as const;

/** A cell that is a labelled line of its step's card on a phone. */
function BalanceCell({
  column,
  right = false,
  title,
  children,
}: {
  column: keyof typeof BALANCE_COLUMNS;
  right?: boolean;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Table.Td
      data-label={BALANCE_COLUMNS[column]}
      ta={right ? 'right' : undefined}
      title={title}
      {...ROLES.cell}
    >
      {/* The description (a comment) wraps anywhere and takes the room; the short values stay whole. */}
      <div style={column === 'description' ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}>
        {children}
      </div>
    </Table.Td>
  );
}

function BalanceTable({ event }: { event: VoucherEvent }) {
  return (
    // On a phone each step is a card of labelled lines, as the other tables are, rather than
    // columns that scroll out of reach.
    <Table.ScrollContainer
      minWidth={480}
      type="native"
      classNames={{ scrollContainerInner: stackedClasses.stackedInner }}
    >
      <Table withTableBorder captionSide="top" fz="sm" className={stackedClasses.stacked} {...ROLES.table}>
        <Table.Caption>{DETAIL_TEXTS.orderBalance}</Table.Caption>
        <Table.Thead {...ROLES.rowgroup}>
          <Table.Tr {...ROLES.row}>
            {Object.entries(BALANCE_COLUMNS).map(([column, label]) => (
              <Table.Th
                key={column}
                scope="col"
                ta={column === 'amount' || column === 'balance' ? 'right' : undefined}
                {...ROLES.columnheader}
              >
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody {...ROLES.rowgroup}>
          {event.steps.map((step) => (
            <Table.Tr key={step.id} {...ROLES.row}>
              <BalanceCell column="status" title={step.state}>
                {historyStatus(step.state)}
              </BalanceCell>
              <BalanceCell column="description">{step.actionDescription}</BalanceCell>
              <BalanceCell column="date">{formatDateTimeSeconds(step.datetimeUpdated)}</BalanceCell>
              <BalanceCell column="amount" right>
                {step.eventAmount ? formatCurrency(step.eventAmount.amount, step.eventAmount.currency) : '–'}
              </BalanceCell>
              <BalanceCell column="balance" right>
                {formatCurrency(step.remainingOrderAmount.amount, step.remainingOrderAmount.currency)}
              </BalanceCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface HistoryEventProps {
  event: VoucherEvent;
  canEdit: boolean;
  onRoll: (direction: RollDirection, authorisationId: string) => void;
  rolling: boolean;
}

function HistoryEvent({ event, canEdit, onRoll, rolling }: HistoryEventProps) {
  const date = formatDateTimeSeconds(event.datetimeUpdated);
  const { authorisationId } = event;
  return (
    <Paper withBorder p="md" component="li" aria-label={`${event.actionDescription}, ${date}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          {/* The fields keep 18rem: on a phone the roll buttons go below them rather than squeeze them. */}
          <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0} style={{ flex: '1 1 18rem' }}>
            <Field label={SEARCH_TEXTS.columns.status}>
              <span title={event.state}>{historyStatus(event.state)}</span>
            </Field>
            <Field label="Description">{event.actionDescription}</Field>
            <Field label="Date">{date}</Field>
            <Field label={DETAIL_TEXTS.eventAmount}>
              {event.eventAmount ? formatCurrency(event.eventAmount.amount, event.eventAmount.currency) : '–'}
            </Field>
          </SimpleGrid>
          {event.isRedemption && canEdit && authorisationId ? (
            <Group gap="xs">
              <Button
                size="xs"
                color="orange"
                variant="light"
                disabled={!event.rollable || rolling}
                onClick={() => onRoll('roll-back', authorisationId)}
                {...preloadModalsOnIntent(VOUCHER_MODALS)}
              >
                {DETAIL_TEXTS.rollBack}
              </Button>
              <Button
                size="xs"
                color="orange"
                disabled={!event.rollable || rolling}
                onClick={() => onRoll('roll-forward', authorisationId)}
                {...preloadModalsOnIntent(VOUCHER_MODALS)}
              >
                {DETAIL_TEXTS.rollForward}
              </Button>
            </Group>
          ) : null}
        </Group>
        {event.payment ? <PaymentFields payment={event.payment} /> : null}
        {event.isRedemption && authorisationId ? (
          <Anchor component={Link} to={transactionTracePath(authorisationId)} size="sm">
            {`${DETAIL_TEXTS.openTransaction} ${authorisationId}`}
          </Anchor>
        ) : null}
        <BalanceTable event={event} />
      </Stack>
    </Paper>
  );
}

function History({ detail, canEdit }: { detail: OrderDetailResponse; canEdit: boolean }) {
  const headingId = useId();
  const roll = useRollRedemption();
  const events = groupHistory(detail);
  const { reference } = detail.order;
  const openRoll = (direction: RollDirection, authorisationId: string) =>
    void openModal(rollModal, {
      reference,
      direction,
      apply: (body, idempotencyKey) =>
        roll.mutateAsync({ reference, authorisationId, direction, body, idempotencyKey }),
    });
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {DETAIL_TEXTS.history}
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed">{DETAIL_TEXTS.noHistory}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.map((event) => (
            <HistoryEvent
              key={event.event}
              event={event}
              canEdit={canEdit}
              onRoll={openRoll}
              rolling={roll.isPending}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /dashboard/vouchers/{reference}: the current state, hold and release, and the history. */
export function VoucherDetailPage() {
  const reference = useParams().voucherId ?? '';
  // A card number in the address is neither looked up nor shown: whole (typed), or masked (as the
  // address masking leaves a link's, or copied from a transaction).
  const cardNumber = holdsCardNumberOrMask(reference);
  // A reference no voucher can have (blank, longer than any) is not found, rather than the rule it breaks.
  const lookedUp = !cardNumber && orderParamsSchema.safeParse({ reference }).success;
  const voucher = useVoucher(reference, lookedUp);
  const canEdit = useCan()(VOUCHER_EDIT_PERMISSION);
  usePreloadModalsWhenIdle(VOUCHER_MODALS, canEdit);
  const title = cardNumber ? VOUCHER_TITLE : `${VOUCHER_TITLE} ${reference}`;
  return (
    <Stack>
      <PageTitle title={title} />
      <VoucherBreadcrumbs detail />
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {lookedUp ? (
          <RefreshButton
            fetching={voucher.isFetching}
            onRefresh={() => void voucher.refetch()}
            label={SEARCH_TEXTS.refresh}
          />
        ) : null}
      </Group>
      {cardNumber ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{VOUCHER_CARD_NUMBER_MESSAGE}</Text>
            <Anchor component={Link} to={VOUCHERS_PATH} size="sm">
              {DETAIL_TEXTS.searchVouchers}
            </Anchor>
          </Stack>
        </Alert>
      ) : !lookedUp ? (
        <ErrorState text={VOUCHER_MESSAGES.notFound(reference)} />
      ) : (
        <QueryState
          query={voucher}
          loadingLabel="Loading voucher"
          errorText={VOUCHER_MESSAGES.voucherFailed}
          notFoundText={VOUCHER_MESSAGES.notFound(reference)}
          retryLabel={VOUCHER_MESSAGES.retry}
          keepDataOnError
        >
          {(detail) => (
            <>
              <CurrentState detail={detail} canEdit={canEdit} />
              <History detail={detail} canEdit={canEdit} />
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
