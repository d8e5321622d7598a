import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import classes from './data-table.module.css';
import stackedClasses from './stacked-table.module.css';
import { tableRoles } from './stacked-table';
import { useDrawnAfterScreen } from './drawn-after-screen';
import { ESTIMATED_ROW_HEIGHT_PX, OVERSCAN_ROWS, sortPriority, VIRTUALIZE_ABOVE_ROWS } from './table-rules';
import type { ColumnVisibilityControl, RowSelectionControl, SortingControl } from './use-table-controls';

const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
});

export interface DataTableColumn<T extends RowData> {
  id: string;
  /** The column header, which is also its accessible name. */
  header: string;
  /** The header is read out but not shown (an actions column). */
  headerHidden?: boolean;
  align?: 'right';
  /** The cell names its row (`th scope="row"`): the row's name for screen readers and tests. */
  rowHeader?: boolean;
  /** The cells keep to one line (ids, codes, times): the table scrolls sideways instead. */
  noWrap?: boolean;
  /**
   * The column takes the width the others leave, so a narrow screen keeps every column in view;
   * its cells must cut their text to fit (a block with `max-width: 0; min-width: 100%` and an ellipsis).
   */
  fill?: boolean;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
}

export interface DataTableProps<T extends RowData> {
  columns: readonly DataTableColumn<T>[];
  rows: T[];
  rowId: (row: T, index: number) => string;
  /** The table's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /**
   * On a phone a table's rows are cards of labelled values, not columns past the screen's edge; this
   * keeps the columns. A long table keeps them anyway: it is virtualised by row height.
   */
  keepColumnsOnPhone?: boolean;
  striped?: boolean;
  highlightOnHover?: boolean;
  sorting?: SortingControl;
  /** The rows come sorted by the server: the headers show and change the sort, nothing re-sorts. */
  manualSorting?: boolean;
  selection?: RowSelectionControl;
  columnVisibility?: ColumnVisibilityControl;
  /**
   * A click anywhere on a row opens it (a search result opening its detail page). Keyboard users
   * reach the same place through a link in the row, so clicks on a link or button are left to it.
   */
  onRowClick?: (row: T) => void;
}

function toColumnDef<T extends RowData>(column: DataTableColumn<T>): ColumnDef<typeof features, T> {
  const { sortValue } = column;
  return sortValue
    ? { id: column.id, accessorFn: sortValue, sortFn: sortFn_basic, enableSorting: true }
    : { id: column.id, enableSorting: false };
}

// Body rows and cells are plain elements with Mantine's table classes: as Table.Tr and Table.Td
// each cell went through Mantine's props and styles hooks, which was most of a list's render time.
const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const CELL_CLASS = `${Table.classes.td} mantine-Table-td`;
const ROW_HEADER_CLASS = `${Table.classes.th} mantine-Table-th ${classes.rowHeader}`;
const NO_WRAP_CLASS = ` ${classes.noWrap}`;
const CELL_STYLE = { left: undefined, right: { textAlign: 'right' } } as const;

/** What Table.Tr would put on a body row for the table's props (Mantine draws rows with borders). */
function bodyRowLook({ striped, highlightOnHover }: { striped?: boolean; highlightOnHover?: boolean }) {
  return {
    'data-with-row-border': true,
    'data-striped': striped ? 'odd' : undefined,
    'data-hover': highlightOnHover || undefined,
  };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_ARROW = { asc: '▲', desc: '▼' } as const;

/** A shift-click extends a range (rows, sort columns), not the page's text selection. */
function keepTextUnselectedOnShift(event: MouseEvent): void {
  if (event.shiftKey) event.preventDefault();
}

/**
 * A table from column definitions: TanStack Table orders, selects and hides; Mantine draws.
 *
 * A table is first drawn after the rest of its screen, in a render React can interrupt, with a
 * space as tall as its rows held for it: drawn with the screen, a list's rows were the longest
 * task of its first paint (what Lighthouse counts as blocking time). Later changes draw at once.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const drawn = useDrawnAfterScreen();
  if (!drawn) {
    const rowCount = Math.min(props.rows.length, VIRTUALIZE_ABOVE_ROWS) + 1;
    return (
      <div aria-busy className={classes.pending} style={{ minHeight: rowCount * ESTIMATED_ROW_HEIGHT_PX }} />
    );
  }
  return <DrawnTable {...props} />;
}

function DrawnTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, sorting, selection, columnVisibility } = props;
  // Module-level column lists keep TanStack from rebuilding its columns at every render.
  const columnDefs = useMemo(() => columns.map(toColumnDef), [columns]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: props.rows,
    getRowId: props.rowId,
    manualSorting: props.manualSorting,
    state: {
      sorting: sorting?.sorting ?? [],
      rowSelection: selection?.selected ?? {},
      columnVisibility: columnVisibility?.visibility ?? {},
    },
  });
  const byId = new Map(columns.map((column) => [column.id, column]));
  const visible = table.getVisibleLeafColumns().flatMap((column) => {
    const definition = byId.get(column.id);
    return definition ? [definition] : [];
  });
  const rows = table.getRowModel().rows;
  const rowIds = rows.map((row) => row.id);
  const virtual = rows.length > VIRTUALIZE_ABOVE_ROWS;
  const stacked = props.keepColumnsOnPhone !== true && !virtual;
  const roles = tableRoles(stacked);

  const header = (column: DataTableColumn<T>) => {
    const label = column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header;
    const direction = table.getColumn(column.id)?.getIsSorted() || null;
    if (!sorting || !column.sortValue) {
      return (
        <Table.Th
          key={column.id}
          scope="col"
          ta={column.align}
          w={column.fill ? '100%' : undefined}
          {...roles.columnheader}
        >
          {label}
        </Table.Th>
      );
    }
    const priority = sortPriority(sorting.sorting, column.id);
    return (
      <Table.Th
        key={column.id}
        scope="col"
        ta={column.align}
        w={column.fill ? '100%' : undefined}
        aria-sort={direction ? ARIA_SORT[direction] : 'none'}
        className={stackedClasses.sortableHeader}
        {...roles.columnheader}
      >
        <UnstyledButton
          className={classes.sort}
          onMouseDown={keepTextUnselectedOnShift}
          onClick={(event: MouseEvent) => sorting.toggle(column.id, event.shiftKey)}
        >
          {label}
          {direction ? <span aria-hidden>{SORT_ARROW[direction]}</span> : null}
          {priority === null ? null : (
            <span className={classes.priority}>
              <VisuallyHidden>, sort priority </VisuallyHidden>
              {priority}
            </span>
          )}
        </UnstyledButton>
      </Table.Th>
    );
  };

  const rowLook = bodyRowLook(props);
  const rowClass = [ROW_CLASS, selection && classes.selectable, props.onRowClick && classes.clickable]
    .filter(Boolean)
    .join(' ');
  const body = useRef<HTMLTableSectionElement>(null);
  const renderRow = (index: number, rowProps: RowPlacement = {}) => {
    const row = rows[index];
    if (!row) return null;
    const selectable = selection
      ? {
          'aria-selected': row.getIsSelected(),
          tabIndex: 0,
          onMouseDown: keepTextUnselectedOnShift,
          onClick: (event: MouseEvent) => selection.click(rowIds, row.id, event.shiftKey),
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key !== ' ' && event.key !== 'Enter') return;
            event.preventDefault();
            selection.click(rowIds, row.id, event.shiftKey);
          },
        }
      : {};
    const { onRowClick } = props;
    const opens = onRowClick
      ? {
          onClick: (event: MouseEvent) => {
            if (event.target instanceof Element && event.target.closest('a, button')) return;
            onRowClick(row.original);
          },
        }
      : {};
    return (
      <BodyRow
        key={row.id}
        columns={visible}
        labelled={stacked}
        item={row.original}
        look={{ ...rowLook, className: rowClass, ...opens, ...selectable, ...rowProps, ...roles.row }}
      />
    );
  };

  return (
    <Table.ScrollContainer
      minWidth={props.minWidth}
      classNames={stacked ? { scrollContainerInner: stackedClasses.stackedInner } : undefined}
    >
      <Table
        className={stacked ? stackedClasses.stacked : undefined}
        {...roles.table}
        striped={props.striped}
        highlightOnHover={props.highlightOnHover}
        aria-label={props.label}
        aria-labelledby={props.labelledBy}
        // Only some rows are in the page: their count and places tell assistive technology the rest.
        aria-rowcount={virtual ? rows.length + 1 : undefined}
      >
        <Table.Thead {...roles.rowgroup}>
          <Table.Tr aria-rowindex={virtual ? 1 : undefined} {...roles.row}>
            {visible.map(header)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={body} {...roles.rowgroup}>
          {virtual ? (
            <VirtualRows count={rows.length} columnCount={visible.length} body={body} renderRow={renderRow} />
          ) : (
            rows.map((_, index) => renderRow(index))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A body row, a component of its own: its cells are drawn in its own render, so a first drawing of
 * many rows, which React may interrupt between components, yields between rows.
 */
function BodyRow<T extends RowData>({
  columns,
  labelled,
  item,
  look,
}: {
  columns: readonly DataTableColumn<T>[];
  /** Each cell carries its column's name, which a stacked table shows beside the value. */
  labelled: boolean;
  item: T;
  look: ComponentProps<'tr'>;
}) {
  return (
    <tr {...look}>
      {columns.map((column) =>
        column.rowHeader ? (
          <th
            key={column.id}
            scope="row"
            role={labelled ? 'rowheader' : undefined}
            className={column.noWrap ? ROW_HEADER_CLASS + NO_WRAP_CLASS : ROW_HEADER_CLASS}
            style={CELL_STYLE[column.align ?? 'left']}
          >
            {column.cell(item)}
          </th>
        ) : (
          <td
            key={column.id}
            className={column.noWrap ? CELL_CLASS + NO_WRAP_CLASS : CELL_CLASS}
            style={CELL_STYLE[column.align ?? 'left']}
            role={labelled ? 'cell' : undefined}
            data-label={labelled && !column.headerHidden ? column.header : undefined}
          >
            {/* One block beside its label, however many lines the cell draws. */}
            {labelled ? <div>{column.cell(item)}</div> : column.cell(item)}
          </td>
        ),
      )}
    </tr>
  );
}

/** What a rendered row of a long table carries: its place among all rows, and the measuring ref. */
interface RowPlacement {
  'aria-rowindex'?: number;
  'data-index'?: number;
  ref?: (element: HTMLTableRowElement | null) => void;
  onFocus?: () => void;
}

/** A row that stands for the rows not rendered, keeping the table as tall as all its rows. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return height > 0 ? (
    <tr aria-hidden className={classes.spacer}>
      <td colSpan={columnCount} style={{ height }} />
    </tr>
  ) : null;
}

/** Always renders the focused row too, so that scrolling it out of view keeps keyboard focus in the table. */
function withFocused(focused: number | null) {
  return (range: Range) => {
    const indexes = defaultRangeExtractor(range);
    if (focused === null || indexes.includes(focused) || focused >= range.count) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  };
}

/**
 * The rows of a table longer than a screenful: only those in or near the window are rendered
 * (TanStack Virtual, measured as they render), spacer rows stand for the others.
 */
function VirtualRows({
  count,
  columnCount,
  body,
  renderRow,
}: {
  count: number;
  columnCount: number;
  body: RefObject<HTMLTableSectionElement | null>;
  renderRow: (index: number, placement: RowPlacement) => ReactNode;
}) {
  // Where the rows start in the page: what is above the table may grow or shrink at any render.
  const [tableTop, setTableTop] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    // The page's height changes with everything above the table, so its size is what to watch.
    const observer = new ResizeObserver(() =>
      setTableTop(element.getBoundingClientRect().top + window.scrollY),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [body]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: tableTop,
    rangeExtractor: useMemo(() => withFocused(focused), [focused]),
  });
  let renderedTo = 0;
  const parts: ReactNode[] = [];
  for (const item of virtualizer.getVirtualItems()) {
    const start = item.start - tableTop;
    parts.push(<SpacerRow key={`gap-${item.index}`} height={start - renderedTo} columnCount={columnCount} />);
    parts.push(
      renderRow(item.index, {
        'aria-rowindex': item.index + 2,
        'data-index': item.index,
        ref: virtualizer.measureElement,
        onFocus: () => setFocused(item.index),
      }),
    );
    renderedTo = item.end - tableTop;
  }
  return (
    <>
      {parts}
      <SpacerRow height={virtualizer.getTotalSize() - renderedTo} columnCount={columnCount} />
    </>
  );
}
