import '@mantine/spotlight/styles.css';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, type SpotlightStore } from '@mantine/spotlight';
import { holdsAll } from '@web-control/contract/permissions';
import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import { FULL_CARD_NUMBER_MESSAGE, transactionUuidParamsSchema } from '@web-control/contract/transactions';
import { useEffect, useState, type ReactNode } from 'react';
import {
  describeLookup,
  parseTransactionLookup,
  useTransactionLookup,
} from '../../features/transactions/api/look-up-transactions';
import { stateKind } from '../../features/transactions/transaction-state';
import {
  isVoucherReferenceLookup,
  useVouchersByReference,
} from '../../features/vouchers/api/find-vouchers-by-reference';
import { voucherPath } from '../../features/vouchers/paths';
import { voucherStateKind } from '../../features/vouchers/voucher-state';
import { VOUCHER_VIEW_PERMISSIONS } from '@web-control/contract/vouchers';
import { StatePill } from '../../shared/ui/state-pill';
import { transactionPath } from '../../features/transactions/paths';
import { formatDateTime } from '../../shared/format/dates';
import { focusScreenIfDropped } from '../../shared/focus/focus-screen';
import { FALLBACK_DOCUMENTATION_URL, getRuntimeConfig } from '../../shared/runtime-config';
import classes from './command-palette.module.css';
import { buildPaletteScreens, filterScreens, type PaletteScreen } from './screens';

/** The reference lookup waits until typing pauses. */
export const REFERENCE_LOOKUP_DEBOUNCE_MS = 300;

export const PALETTE_TEXTS = {
  nothingFound: 'Nothing found',
  lookingUp: 'Looking up transactions…',
  lookupFailed: 'Transactions could not be looked up',
  noTransaction: (what: string) => `No transaction with ${what}`,
  openTransaction: (uuid: string) => `Open transaction ${uuid}`,
  lookingUpVouchers: 'Looking up vouchers…',
  voucherLookupFailed: 'Vouchers could not be looked up',
  noVoucher: (reference: string) => `No voucher with reference ${reference}`,
} as const;

interface CommandPaletteProps {
  store: SpotlightStore;
  permissions: readonly string[];
  /** Navigates as the side menu does. */
  onNavigate: (to: string) => void;
  /** Told once the palette has closed (Escape, a click outside, or a choice). */
  onClosed: () => void;
}

function asUuid(query: string): string | undefined {
  const parsed = transactionUuidParamsSchema.safeParse({ uuid: query.trim() });
  return parsed.success ? parsed.data.uuid : undefined;
}

interface ReferenceResultsProps<T> {
  store: SpotlightStore;
  query: string;
  /** False while the query is too short or a uuid: nothing is looked up. */
  active: boolean;
  onOpen: (id: T) => void;
}

/** The query once typing pauses, and whether the lookup is still catching up with it. */
function useTypedReference(query: string, active: boolean) {
  const typed = active ? query.trim() : '';
  // Mounted with the palette, so that the first lookup waits for a pause like every other.
  const [reference] = useDebouncedValue(typed, REFERENCE_LOOKUP_DEBOUNCE_MS);
  return { typed, reference, settling: reference !== typed };
}

/**
 * Mantine selects the first action when the query changes; a lookup's results come later (after a
 * pause in typing, then the platform's answer) and found nothing selected, so Enter did nothing. The
 * first action is selected then, as Mantine's own `selectAction(0)` does, unless one already is.
 */
function selectFirstActionIfNone(store: SpotlightStore): void {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  const first = list?.querySelector('[data-action]');
  if (!list || !first || list.querySelector('[data-selected]')) return;
  first.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}

interface LookupGroupProps {
  store: SpotlightStore;
  label: string;
  waiting: boolean;
  failed: boolean;
  empty: boolean;
  texts: { lookingUp: string; failed: string; none: string };
  children: ReactNode;
}

/** One lookup's group: looking up, failed, nothing found, or its results. */
function LookupGroup({ store, label, waiting, failed, empty, texts, children }: LookupGroupProps) {
  const shown = !waiting && !failed && !empty;
  useEffect(() => {
    if (shown) selectFirstActionIfNone(store);
  }, [shown, store]);
  let content: ReactNode = children;
  if (waiting) {
    content = (
      <Group gap="xs" p="sm" role="status">
        <Loader size="xs" />
        <Text size="sm">{texts.lookingUp}</Text>
      </Group>
    );
  } else if (failed || empty) {
    content = (
      <Text size="sm" p="sm" role="status">
        {failed ? texts.failed : texts.none}
      </Text>
    );
  }
  return <Spotlight.ActionsGroup label={label}>{content}</Spotlight.ActionsGroup>;
}

/**
 * The transactions the query names, looked up once typing pauses: by reference (RRN), by masked
 * card number (first 6 and last 4) or by STAN and day.
 */
function ReferenceResults({ store, query, active, onOpen }: ReferenceResultsProps<string>) {
  const { typed, reference, settling } = useTypedReference(query, active);
  const asked = parseTransactionLookup(reference);
  const lookup = useTransactionLookup(asked);
  const typedLookup = parseTransactionLookup(typed);
  if (!active) return null;
  return (
    <LookupGroup
      store={store}
      label="Transactions"
      waiting={settling || lookup.isPending}
      failed={lookup.isError}
      empty={lookup.data?.length === 0}
      texts={{
        lookingUp: PALETTE_TEXTS.lookingUp,
        failed: PALETTE_TEXTS.lookupFailed,
        none: PALETTE_TEXTS.noTransaction(typedLookup === undefined ? typed : describeLookup(typedLookup)),
      }}
    >
      {lookup.data?.map((transaction) => (
        <Spotlight.Action
          key={transaction.uuid}
          label={transaction.referenceNumber}
          description={`${transaction.serviceDesc} · started ${formatDateTime(transaction.timeStarted)}`}
          rightSection={<StatePill label={transaction.tranState} kind={stateKind(transaction.tranState)} />}
          dimmedSections={false}
          onClick={() => onOpen(transaction.uuid)}
        />
      ))}
    </LookupGroup>
  );
}

/** The voucher with the query as its reference (exact), looked up once typing pauses. */
function VoucherResults({ store, query, active, onOpen }: ReferenceResultsProps<string>) {
  const { typed, reference, settling } = useTypedReference(query, active);
  const lookup = useVouchersByReference(reference, active);
  if (!active) return null;
  return (
    <LookupGroup
      store={store}
      label="Vouchers"
      waiting={settling || lookup.isPending}
      failed={lookup.isError}
      empty={lookup.data?.length === 0}
      texts={{
        lookingUp: PALETTE_TEXTS.lookingUpVouchers,
        failed: PALETTE_TEXTS.voucherLookupFailed,
        none: PALETTE_TEXTS.noVoucher(typed),
      }}
    >
      {lookup.data?.map((order) => (
        <Spotlight.Action
          key={order.reference}
          label={order.reference}
          description={`Voucher · created ${formatDateTime(order.datetimeCreated)}`}
          rightSection={<StatePill label={order.state} kind={voucherStateKind(order.state)} />}
          dimmedSections={false}
          onClick={() => onOpen(order.reference)}
        />
      ))}
    </LookupGroup>
  );
}

/**
 * Ctrl+K / Cmd+K, or the header's Search button: go to any screen the user may open, or, with
 * VIEW_TRANSACTIONS, to a transaction by its uuid or reference; with the voucher permissions too, to a
 * voucher by its reference.
 */
export function CommandPalette({ store, permissions, onNavigate, onClosed }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const config = getRuntimeConfig();
  const screens = filterScreens(
    buildPaletteScreens({ hideHome: config?.hideHome ?? false, heldPermissions: permissions }),
    query,
  );
  const canViewTransactions = holdsAll(permissions, ['VIEW_TRANSACTIONS']);
  // A card number typed whole is looked up nowhere: it would travel in an address and be logged.
  const cardNumberTyped = holdsCardNumber(query);
  const uuid = canViewTransactions ? asUuid(query) : undefined;
  const looksUp = canViewTransactions && uuid === undefined && parseTransactionLookup(query) !== undefined;
  const canViewVouchers = holdsAll(permissions, VOUCHER_VIEW_PERMISSIONS);
  const looksUpVoucher =
    canViewVouchers && uuid === undefined && !cardNumberTyped && isVoucherReferenceLookup(query);

  const open = (screen: PaletteScreen) => {
    if (screen.external) {
      window.open(config?.documentationUrl ?? FALLBACK_DOCUMENTATION_URL, '_blank', 'noopener,noreferrer');
      return;
    }
    onNavigate(screen.to);
  };
  const openTransaction = (id: string) => onNavigate(transactionPath(id));
  const openVoucher = (reference: string) => onNavigate(voucherPath(reference));
  let searchLabel = 'Search screens';
  let placeholder = 'Go to a screen';
  if (canViewVouchers) {
    searchLabel = 'Search screens, transactions and vouchers';
    placeholder = 'Go to a screen, or find a transaction (reference, card or STAN) or voucher';
  } else if (canViewTransactions) {
    searchLabel = 'Search screens and transactions';
    placeholder = 'Go to a screen, or find a transaction by reference, card, STAN or uuid';
  }

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      // The dashboard layout owns the shortcut: it loads the palette on first use.
      shortcut={null}
      // The layout gives the focus back (onClosed), knowing whether a choice went elsewhere.
      returnFocus={false}
      onSpotlightClose={onClosed}
      // Each opening starts afresh: Mantine clears the search only once its closing has faded out, so
      // one opened again sooner added what was typed to the last search.
      onSpotlightOpen={() => setQuery('')}
      // A choice navigated while the focus was still in the fading palette: once it has gone, the
      // focus it leaves on the page goes to the new screen, as after any navigation.
      transitionProps={{ onExited: () => requestAnimationFrame(focusScreenIfDropped) }}
      scrollable
      classNames={{ action: classes.action }}
      // The dialog itself is the content element; the root is only its container.
      attributes={{ content: { 'aria-label': 'Command palette' } }}
    >
      <Spotlight.Search aria-label={searchLabel} placeholder={placeholder} />
      <Spotlight.ActionsList>
        {uuid ? (
          <Spotlight.ActionsGroup label="Transactions">
            <Spotlight.Action
              label={PALETTE_TEXTS.openTransaction(uuid)}
              onClick={() => openTransaction(uuid)}
            />
          </Spotlight.ActionsGroup>
        ) : null}
        {screens.length > 0 ? (
          <Spotlight.ActionsGroup label="Screens">
            {screens.map((screen) => (
              <Spotlight.Action
                key={screen.to}
                label={screen.label}
                description={screen.area ?? undefined}
                onClick={() => open(screen)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {canViewTransactions ? (
          <ReferenceResults store={store} query={query} active={looksUp} onOpen={openTransaction} />
        ) : null}
        {canViewVouchers ? (
          <VoucherResults store={store} query={query} active={looksUpVoucher} onOpen={openVoucher} />
        ) : null}
        {cardNumberTyped && canViewTransactions ? (
          <Spotlight.Empty>{FULL_CARD_NUMBER_MESSAGE}</Spotlight.Empty>
        ) : screens.length === 0 && !uuid && !looksUp && !looksUpVoucher ? (
          <Spotlight.Empty>{PALETTE_TEXTS.nothingFound}</Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
