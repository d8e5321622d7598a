/**
 * A stacked table's elements say their table roles outright: WebKit drops the roles of table
 * elements drawn as blocks, and a screen reader would hear a list of texts.
 */
const STACKED_ROLES = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  rowheader: { role: 'rowheader' },
  cell: { role: 'cell' },
} as const;
const NO_ROLES = { table: {}, rowgroup: {}, row: {}, columnheader: {}, rowheader: {}, cell: {} } as const;

/** The role props of a table's elements: stated when it is stacked, left to the elements otherwise. */
export function tableRoles(stacked: boolean): typeof STACKED_ROLES | typeof NO_ROLES {
  return stacked ? STACKED_ROLES : NO_ROLES;
}
