import { Badge, Button, Group, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { mappingValueSchema, type Mapping } from '@web-control/contract/config-maps';
import { useRef, useState, type KeyboardEvent } from 'react';
import { openModal } from '../../../shared/modals/modal-store';
import { confirmModal } from '../../../shared/modals/standard-modals';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { QueryState } from '../../../shared/ui/query-state';
import { useDeleteMapping } from '../api/delete-mapping';
import { currentOfConflict, useEditMapping } from '../api/edit-mapping';
import { CONFIG_MESSAGES, MAPPINGS_TEXTS } from '../constants';
import { editMappingModal } from '../components/modal-definitions';
import { PageButtons } from './page-buttons';
import { changedValueOf, mappingDisplayOf } from './mapping-display';
import classes from './mappings-table.module.css';
import type { PageQuery } from './page-url';
import { useMappingPages } from './use-mapping-pages';

interface MappingsTableProps {
  mapId: string;
  /** The first page's query (the filters); a new one starts again from its first page. */
  selection: PageQuery;
  /** Edit mode with EDIT_MAPPINGS: the add row, inline editing, edit and delete. */
  editable: boolean;
}

interface InlineEdit {
  key: string;
  value: string;
  typed: string;
  /** Why the typed value cannot be saved, shown at the field. */
  error?: string;
}

function isFiltered(selection: PageQuery): boolean {
  return Boolean(selection['key-prefix']) || Boolean(selection['value-prefix']);
}

/** Clicking a value starts editing it: the field takes the focus at once. */
function focusOnMount(node: HTMLInputElement | null): void {
  node?.focus();
}

export function MappingsTable({ mapId, selection, editable }: MappingsTableProps) {
  const pages = useMappingPages(mapId, selection);
  const mappings = pages.query;
  const editMapping = useEditMapping();
  const deleteMapping = useDeleteMapping();
  const [inline, setInline] = useState<InlineEdit | null>(null);
  // Enter or Escape ends inline editing from the keyboard: the focus goes back to the value's button.
  const focusAfterInline = useRef<string | null>(null);
  function endInlineFromKeyboard(key: string) {
    focusAfterInline.current = key;
    setInline(null);
  }
  function focusIfEdited(node: HTMLButtonElement | null, key: string) {
    if (node === null || focusAfterInline.current !== key) return;
    focusAfterInline.current = null;
    node.focus();
  }

  function openEditModal(
    mapping: { key: string; value: string },
    typedValue?: string,
    conflict?: { current: string | null },
  ) {
    void openModal(editMappingModal, {
      mapId,
      mapping,
      typedValue,
      conflict,
      apply: (oldValue, newValue) => editMapping.mutateAsync({ mapId, key: mapping.key, oldValue, newValue }),
    });
  }

  async function saveInline(edit: InlineEdit) {
    const changed = changedValueOf(edit.value, edit.typed);
    // Checked by the rules the platform applies, so a refused value stays in the field with the reason.
    const refusal = changed === null ? undefined : mappingValueSchema.safeParse(changed).error?.issues[0];
    if (refusal !== undefined) {
      setInline({ ...edit, error: refusal.message });
      return;
    }
    endInlineFromKeyboard(edit.key);
    // Sent only if the value changed (section 5).
    if (changed === null) return;
    try {
      await editMapping.mutateAsync({ mapId, key: edit.key, oldValue: edit.value, newValue: changed });
    } catch (error) {
      // Refused (someone else's change first, or anything else): the typed value moves to the
      // edit modal rather than being lost.
      const current = currentOfConflict(error);
      openEditModal(
        { key: edit.key, value: edit.value },
        edit.typed,
        current === undefined ? undefined : { current: current?.value ?? null },
      );
    }
  }

  async function remove(key: string) {
    const confirmed = await openModal(confirmModal, {
      text: MAPPINGS_TEXTS.deleteConfirm(key),
      confirmLabel: MAPPINGS_TEXTS.delete,
    });
    if (confirmed) deleteMapping.mutate({ mapId, key });
  }

  function onInlineKey(event: KeyboardEvent<HTMLInputElement>, edit: InlineEdit) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveInline(edit);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      endInlineFromKeyboard(edit.key);
    }
  }

  const columns: DataTableColumn<Mapping>[] = [
    {
      id: 'key',
      header: MAPPINGS_TEXTS.key,
      rowHeader: true,
      cell: (mapping) => {
        const display = mappingDisplayOf(mapping);
        return (
          <Group gap="xs">
            <span className={`${classes.key} ${classes[mapping.state] ?? ''}`}>{mapping.key}</span>
            {display.stateLabel ? (
              <Badge size="xs" variant="outline" color="gray">
                {display.stateLabel}
              </Badge>
            ) : null}
          </Group>
        );
      },
    },
    {
      id: 'value',
      header: MAPPINGS_TEXTS.value,
      fill: true,
      cell: (mapping) => {
        const display = mappingDisplayOf(mapping);
        if (inline?.key === mapping.key) {
          return (
            <TextInput
              aria-label={`${MAPPINGS_TEXTS.value} of ${mapping.key}`}
              value={inline.typed}
              ref={focusOnMount}
              size="xs"
              error={inline.error}
              onChange={(event) =>
                setInline({ key: inline.key, value: inline.value, typed: event.currentTarget.value })
              }
              onKeyDown={(event) => onInlineKey(event, inline)}
              // Losing focus cancels inline editing (section 2).
              onBlur={() => setInline(null)}
            />
          );
        }
        const text = (
          <span className={`${classes.value} ${classes[mapping.state] ?? ''}`} title={display.value}>
            {display.value}
          </span>
        );
        const value =
          editable && display.editable ? (
            <UnstyledButton
              className={classes.value}
              ref={(node) => focusIfEdited(node, mapping.key)}
              onClick={() => setInline({ key: mapping.key, value: display.value, typed: display.value })}
            >
              {text}
              {/* The name starts with the text shown (WCAG 2.5.3) and says what a click does. */}
              <VisuallyHidden>{MAPPINGS_TEXTS.editInline(mapping.key)}</VisuallyHidden>
            </UnstyledButton>
          ) : (
            text
          );
        return (
          <Stack gap={0}>
            {value}
            {display.previousValue === null ? null : (
              <Text size="xs" c="dimmed" className={classes.previous} title={display.previousValue}>
                {`${MAPPINGS_TEXTS.previousValue}: ${display.previousValue}`}
              </Text>
            )}
          </Stack>
        );
      },
    },
    ...(editable
      ? [
          {
            id: 'actions',
            header: 'Actions',
            headerHidden: true,
            align: 'right' as const,
            cell: (mapping: Mapping) =>
              mappingDisplayOf(mapping).editable ? (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${MAPPINGS_TEXTS.edit} ${mapping.key}`}
                    disabled={inline !== null}
                    onClick={() => openEditModal({ key: mapping.key, value: mapping.value ?? '' })}
                  >
                    {MAPPINGS_TEXTS.edit}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`${MAPPINGS_TEXTS.delete} ${mapping.key}`}
                    onClick={() => void remove(mapping.key)}
                  >
                    {MAPPINGS_TEXTS.delete}
                  </Button>
                </Group>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <QueryState
        query={mappings}
        loadingLabel="Loading mappings"
        errorText={CONFIG_MESSAGES.retrieveFailed}
        emptyText={isFiltered(selection) ? MAPPINGS_TEXTS.noMatch : MAPPINGS_TEXTS.empty}
        isEmpty={(data) => data.mappings.length === 0 && data.paging.previousPage === null}
      >
        {(data) => (
          <Stack>
            <DataTable
              columns={columns}
              rows={data.mappings}
              rowId={(mapping) => mapping.key}
              label={MAPPINGS_TEXTS.title}
              minWidth={320}
              // Key, a value column that takes what is left, and actions: made to fit a phone as columns.
              keepColumnsOnPhone
              striped
            />
            <PageButtons pages={pages} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
