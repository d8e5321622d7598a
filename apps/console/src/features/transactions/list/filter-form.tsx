import { TextInput } from '@mantine/core';
import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import { FULL_CARD_NUMBER_MESSAGE } from '@web-control/contract/transactions';
import { DateRangePicker } from '../components/date-range-picker';
import type { FilterOptions } from '../api/get-filter-options';
import {
  isSearchable,
  referenceError,
  type TextFilter,
  type TransactionFilters,
} from './transaction-filters';
import { Select } from '../../../shared/ui/select';
import { FilterGroup } from '../../../shared/ui/filter-group';

/** The specification's default select placeholder (section 9). */
export const SELECT_PLACEHOLDER = 'Select option';

/** The text filters' labels and errors (support is given a STAN with its date, a masked card number). */
export const FILTER_TEXTS = {
  reference: 'Reference',
  stan: 'STAN',
  stanError: 'Six digits',
  /** Short: the STAN field is narrow. */
  stanCardNumber: 'Six digits: a card number is never searched',
  card: 'Card number',
  cardPlaceholder: '489537******1234',
  cardError: 'First 6 and last 4 digits, such as 489537******1234',
} as const;

/** What the list says while a text filter cannot be searched for (unsearchableFilter). */
export function waitingForFilterText(filter: TextFilter): string {
  return `Correct or clear the ${FILTER_TEXTS[filter]} filter to see transactions.`;
}

/** A link's service or receiver that the options do not hold: shown as it is, so no filter is hidden. */
function unknownOptionText(kind: 'service' | 'receiver', id: string): string {
  return `No ${kind} has the id "${id}".`;
}

type Choice = { value: string; label: string };

/** The options, with the chosen id added as it is when they do not hold it. */
function choicesWith(choices: Choice[], chosen: string | null): { data: Choice[]; unknown: boolean } {
  if (chosen === null || choices.some((choice) => choice.value === chosen))
    return { data: choices, unknown: false };
  return { data: [...choices, { value: chosen, label: chosen }], unknown: true };
}

function stanError(stan: string): string | null {
  if (holdsCardNumber(stan)) return FILTER_TEXTS.stanCardNumber;
  return isSearchable('stan', stan) ? null : FILTER_TEXTS.stanError;
}

function cardError(card: string): string | null {
  if (holdsCardNumber(card)) return FULL_CARD_NUMBER_MESSAGE;
  return isSearchable('card', card) ? null : FILTER_TEXTS.cardError;
}

interface FilterFormProps {
  value: TransactionFilters;
  /** undefined when the options could not be loaded: the lists are then empty. */
  options: FilterOptions | undefined;
  onChange: (filters: TransactionFilters) => void;
}

/** Every change is reported at once; the page debounces before loading. */
export function FilterForm({ value, options, onChange }: FilterFormProps) {
  const services = choicesWith(
    (options?.serviceTypes ?? []).map(({ id, serviceDesc }) => ({ value: id, label: serviceDesc })),
    value.service,
  );
  const receivers = choicesWith(
    (options?.receivers ?? []).map(({ id, receiverName }) => ({ value: id, label: receiverName })),
    value.receiver,
  );
  // Without the options (they failed to load) nothing can be said unknown.
  const unknown = (kind: 'service' | 'receiver', choices: { unknown: boolean }, id: string | null) =>
    options !== undefined && choices.unknown && id !== null ? unknownOptionText(kind, id) : null;
  return (
    <FilterGroup gap="md" role="search" aria-label="Filter transactions">
      <DateRangePicker
        label="Date range"
        value={{ from: value.from, to: value.to }}
        onChange={(range) => onChange({ ...value, ...range })}
      />
      <TextInput
        label={FILTER_TEXTS.reference}
        value={value.reference}
        error={referenceError(value.reference)}
        onChange={(event) => onChange({ ...value, reference: event.currentTarget.value })}
      />
      <TextInput
        label={FILTER_TEXTS.stan}
        value={value.stan}
        inputMode="numeric"
        w={110}
        error={stanError(value.stan)}
        onChange={(event) => onChange({ ...value, stan: event.currentTarget.value })}
      />
      <TextInput
        label={FILTER_TEXTS.card}
        placeholder={FILTER_TEXTS.cardPlaceholder}
        value={value.card}
        error={cardError(value.card)}
        onChange={(event) => onChange({ ...value, card: event.currentTarget.value })}
      />
      <Select
        label="Service"
        placeholder={SELECT_PLACEHOLDER}
        data={services.data}
        value={value.service}
        error={unknown('service', services, value.service)}
        onChange={(service) => onChange({ ...value, service })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear service' }}
        searchable
      />
      <Select
        label="Receiver"
        placeholder={SELECT_PLACEHOLDER}
        data={receivers.data}
        value={value.receiver}
        error={unknown('receiver', receivers, value.receiver)}
        onChange={(receiver) => onChange({ ...value, receiver })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear receiver' }}
        searchable
      />
    </FilterGroup>
  );
}
