import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import stackedClasses from '../../../shared/ui/stacked-table.module.css';
import { tableRoles } from '../../../shared/ui/stacked-table';
import classes from './edit-conflict.module.css';

const ROLES = tableRoles(true);

export const editConflictTitle = (subject: 'user' | 'role') =>
  `Someone else changed this ${subject} while you were editing.`;
export const EDIT_CONFLICT_HINT =
  'Your changes are still in the form: save again to replace theirs, or load the current version.';
export const EDIT_CONFLICT_NO_DIFFERENCE = 'No field differs from the version you loaded.';
export const LOAD_CURRENT_VERSION = 'Load the current version';
export const EDIT_CONFLICT_COLUMNS = { field: 'Field', now: 'Now', loaded: 'When you loaded it' } as const;

/** One field as someone else left it and as it was when the form loaded. */
export interface FieldDifference {
  field: string;
  now: string;
  loaded: string;
}

/** The fields whose shown value differs between two versions, in the order given. */
export function differencesOf<T>(
  fields: ReadonlyArray<{ field: string; show: (version: T) => string }>,
  loaded: T,
  now: T,
): FieldDifference[] {
  return fields
    .map(({ field, show }) => ({ field, now: show(now), loaded: show(loaded) }))
    .filter((difference) => difference.now !== difference.loaded);
}

/**
 * A save refused because someone else saved first: what they changed, and a way to take their
 * version into the form (the typed values stay unless the user chooses it).
 */
export function EditConflict({
  subject,
  differences,
  onLoadCurrent,
}: {
  subject: 'user' | 'role';
  differences: FieldDifference[];
  onLoadCurrent: () => void;
}) {
  return (
    <Alert color="red" role="alert" title={editConflictTitle(subject)}>
      <Stack gap="sm">
        {differences.length === 0 ? (
          <Text size="sm">{EDIT_CONFLICT_NO_DIFFERENCE}</Text>
        ) : (
          // Fixed columns that wrap their values; on a phone each field is a card of labelled lines,
          // as three columns there broke permission names mid-word.
          <Table
            withTableBorder
            layout="fixed"
            className={`${classes.differences} ${stackedClasses.stacked}`}
            {...ROLES.table}
          >
            <Table.Thead {...ROLES.rowgroup}>
              <Table.Tr {...ROLES.row}>
                <Table.Th scope="col" {...ROLES.columnheader}>
                  {EDIT_CONFLICT_COLUMNS.field}
                </Table.Th>
                <Table.Th scope="col" {...ROLES.columnheader}>
                  {EDIT_CONFLICT_COLUMNS.now}
                </Table.Th>
                <Table.Th scope="col" {...ROLES.columnheader}>
                  {EDIT_CONFLICT_COLUMNS.loaded}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody {...ROLES.rowgroup}>
              {differences.map((difference) => (
                <Table.Tr key={difference.field} {...ROLES.row}>
                  <Table.Th scope="row" fw="normal" {...ROLES.rowheader}>
                    {difference.field}
                  </Table.Th>
                  <Table.Td data-label={EDIT_CONFLICT_COLUMNS.now} {...ROLES.cell}>
                    {difference.now}
                  </Table.Td>
                  <Table.Td data-label={EDIT_CONFLICT_COLUMNS.loaded} {...ROLES.cell}>
                    {difference.loaded}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm">{EDIT_CONFLICT_HINT}</Text>
        <div>
          <Button variant="light" color="red" onClick={onLoadCurrent}>
            {LOAD_CURRENT_VERSION}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
