import { Group, Select, TextInput } from '@mantine/core';
import { DateRangePicker } from '../components/date-range-picker';
import type { FilterOptions } from '../api/get-filter-options';
import type { TransactionFilters } from './transaction-filters';

/** The specification's default select placeholder (section 9). */
export const SELECT_PLACEHOLDER = 'Select option';

interface FilterFormProps {
  value: TransactionFilters;
  /** undefined when the options could not be loaded: the lists are then empty. */
  options: FilterOptions | undefined;
  onChange: (filters: TransactionFilters) => void;
}

/** Every change is reported at once; the page debounces before loading. */
export function FilterForm({ value, options, onChange }: FilterFormProps) {
  const services = (options?.serviceTypes ?? []).map(({ id, serviceDesc }) => ({
    value: id,
    label: serviceDesc,
  }));
  const receivers = (options?.receivers ?? []).map(({ id, receiverName }) => ({
    value: id,
    label: receiverName,
  }));
  return (
    <Group align="end" gap="md" role="search" aria-label="Filter transactions">
      <DateRangePicker
        label="Date range"
        value={{ from: value.from, to: value.to }}
        onChange={(range) => onChange({ ...value, ...range })}
      />
      <TextInput
        label="Reference"
        value={value.reference}
        onChange={(event) => onChange({ ...value, reference: event.currentTarget.value })}
      />
      <Select
        label="Service"
        placeholder={SELECT_PLACEHOLDER}
        data={services}
        value={value.service}
        onChange={(service) => onChange({ ...value, service })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear service' }}
        searchable
      />
      <Select
        label="Receiver"
        placeholder={SELECT_PLACEHOLDER}
        data={receivers}
        value={value.receiver}
        onChange={(receiver) => onChange({ ...value, receiver })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear receiver' }}
        searchable
      />
    </Group>
  );
}
