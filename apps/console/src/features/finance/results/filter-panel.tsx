import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import type { FilterItem } from '@web-control/contract/finance-results';
import { useState, type Ref } from 'react';
import { FilterDateTime } from '../../../shared/forms/filter-date-time';
import {
  blankRow,
  canRemoveRows,
  changeField,
  FILTER_TYPE_LABELS,
  filterItemsOf,
  hasRowErrors,
  operatorsOf,
  removeRow,
  rowErrorsOf,
  rowsOf,
  type FilterField,
  type FilterRow,
  type RowErrors,
} from './filter-rows';
import { Select } from '../../../shared/ui/select';
import { FilterGroup } from '../../../shared/ui/filter-group';

interface FilterPanelProps {
  fields: readonly (FilterField & { label: string })[];
  filters: readonly FilterItem[];
  onApply: (filters: FilterItem[]) => void;
  /** Apply filters' button, which the keyboard goes on from once the panel is drawn again for what it applied. */
  applyRef?: Ref<HTMLButtonElement>;
}

function RowValues({
  n,
  row,
  field,
  errors,
  onChange,
}: {
  n: number;
  row: FilterRow;
  field: FilterField & { label: string };
  errors: RowErrors;
  onChange: (patch: Partial<FilterRow>) => void;
}) {
  if (field.type === 'DATETIME') {
    return (
      <>
        <FilterDateTime
          label={`From (filter ${n})`}
          value={row.value}
          onChange={(value) => onChange({ value })}
        />
        <FilterDateTime
          label={`To (filter ${n})`}
          value={row.value2}
          onChange={(value2) => onChange({ value2 })}
          error={errors.value2}
        />
      </>
    );
  }
  const numeric = field.type === 'INTEGRAL';
  return (
    <>
      <TextInput
        label={`Value (filter ${n})`}
        inputMode={numeric ? 'numeric' : undefined}
        value={row.value}
        error={errors.value}
        onChange={(event) => onChange({ value: event.currentTarget.value })}
      />
      {row.type === 'BETWEEN' ? (
        <TextInput
          label={`And (filter ${n})`}
          inputMode="numeric"
          value={row.value2}
          error={errors.value2}
          onChange={(event) => onChange({ value2: event.currentTarget.value })}
        />
      ) : null}
    </>
  );
}

/**
 * Per-column filter rows: a field, its condition and values. Applying drops empty values; one row
 * always remains. The panel starts from the filters the link carries.
 */
export function FilterPanel({ fields, filters, onApply, applyRef }: FilterPanelProps) {
  const [rows, setRows] = useState<readonly FilterRow[]>(() => rowsOf(filters, fields));
  const [nextKey, setNextKey] = useState(() => rows.length);
  // Errors show once Apply is tried, and follow the typing from then on.
  const [checked, setChecked] = useState(false);
  const fieldOptions = fields.map((field) => ({ value: field.name, label: field.label }));

  const update = (key: number, change: (row: FilterRow) => FilterRow) =>
    setRows((current) => current.map((row) => (row.key === key ? change(row) : row)));

  return (
    <form
      aria-label="Transaction filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (!hasRowErrors(rows, fields)) onApply(filterItemsOf(rows, fields));
      }}
    >
      <Stack gap="xs">
        {rows.map((row, index) => {
          const field = fields.find((each) => each.name === row.field);
          const n = index + 1;
          return (
            <FilterGroup key={row.key} gap="xs">
              <Select
                label={`Field (filter ${n})`}
                data={fieldOptions}
                value={row.field}
                allowDeselect={false}
                onChange={(value) => {
                  const chosen = fields.find((each) => each.name === value);
                  if (chosen) update(row.key, (current) => changeField(current, chosen));
                }}
              />
              {field && field.type !== 'DATETIME' ? (
                <Select
                  label={`Condition (filter ${n})`}
                  data={operatorsOf(field.type).map((type) => ({
                    value: type,
                    label: FILTER_TYPE_LABELS[type],
                  }))}
                  value={row.type}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (value) update(row.key, (current) => ({ ...current, type: value, value2: '' }));
                  }}
                />
              ) : null}
              {field ? (
                <RowValues
                  n={n}
                  row={row}
                  field={field}
                  errors={checked ? rowErrorsOf(row, fields) : {}}
                  onChange={(patch) => update(row.key, (current) => ({ ...current, ...patch }))}
                />
              ) : null}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Remove filter ${n}`}
                disabled={!canRemoveRows(rows)}
                onClick={() => setRows((current) => removeRow(current, row.key))}
              >
                ×
              </ActionIcon>
            </FilterGroup>
          );
        })}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              setRows((current) => [...current, blankRow(nextKey, fields)]);
              setNextKey((key) => key + 1);
            }}
          >
            Add filter
          </Button>
          <Button type="submit" ref={applyRef}>
            Apply filters
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
