import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './data-table';
import { ESTIMATED_ROW_HEIGHT_PX, OVERSCAN_ROWS, VIRTUALIZE_ABOVE_ROWS } from './table-rules';
import { useRowSelection } from './use-table-controls';

// Rows measure as tall as estimated, so the window holds exactly 20 of them.
const ROW_HEIGHT_PX = ESTIMATED_ROW_HEIGHT_PX;
const WINDOW_HEIGHT_PX = 20 * ROW_HEIGHT_PX;
const ROWS = Array.from({ length: 500 }, (_, index) => ({ name: `Entry ${index + 1}` }));
type Entry = (typeof ROWS)[number];
const COLUMNS: DataTableColumn<Entry>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (entry) => entry.name },
];

function Entries({ rows = ROWS }: { rows?: Entry[] }) {
  const selection = useRowSelection(rows);
  return (
    <>
      <p>{`${Object.keys(selection.selected).length} selected`}</p>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        rowId={(entry) => entry.name}
        label="Entries"
        minWidth={200}
        selection={selection}
      />
    </>
  );
}

/** The places (aria-rowindex) of the body rows in the page. */
function renderedPlaces(): number[] {
  return screen
    .getAllByRole('row')
    .map((row) => Number(row.getAttribute('aria-rowindex')))
    .filter((place) => place > 1);
}

/** Places 2 (the first body row) onwards, as aria-rowindex counts them after the header's 1. */
function places(firstIndex: number, lastIndex: number): number[] {
  return Array.from({ length: lastIndex - firstIndex + 1 }, (_, offset) => firstIndex + offset + 2);
}

function scrollWindowTo(top: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('data table with more rows than a screenful', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW_HEIGHT_PX);
    Object.defineProperty(window, 'innerHeight', { value: WINDOW_HEIGHT_PX, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the rows in the window and a few beyond, and tells the full count', () => {
    renderWithProviders(<Entries />);
    const lastInWindow = WINDOW_HEIGHT_PX / ROW_HEIGHT_PX - 1;
    expect(renderedPlaces()).toEqual(places(0, lastInWindow + OVERSCAN_ROWS));
    expect(screen.getByRole('table', { name: 'Entries' })).toHaveAttribute('aria-rowcount', '501');
  });

  it('renders the rows of the window it is scrolled to', () => {
    renderWithProviders(<Entries />);
    scrollWindowTo(200 * ROW_HEIGHT_PX);
    const lastInWindow = 200 + WINDOW_HEIGHT_PX / ROW_HEIGHT_PX - 1;
    expect(renderedPlaces()).toEqual(places(200 - OVERSCAN_ROWS, lastInWindow + OVERSCAN_ROWS));
    expect(screen.queryByRole('rowheader', { name: 'Entry 1' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Entry 201' })).toBeInTheDocument();
  });

  it('selects a range by shift-click across rows that are not rendered', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Entries />);
    await user.click(screen.getByRole('rowheader', { name: 'Entry 1' }));
    scrollWindowTo(200 * ROW_HEIGHT_PX);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('rowheader', { name: 'Entry 201' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('201 selected')).toBeInTheDocument();
  });

  it('keeps the focused row rendered when it is scrolled out of the window', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Entries />);
    await user.tab();
    const first = screen.getByRole('rowheader', { name: 'Entry 1' }).closest('tr');
    expect(first).toHaveFocus();
    scrollWindowTo(200 * ROW_HEIGHT_PX);
    expect(first).toBeInTheDocument();
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('renders every row of a table that fits a screenful', () => {
    renderWithProviders(<Entries rows={ROWS.slice(0, VIRTUALIZE_ABOVE_ROWS)} />);
    expect(screen.getAllByRole('rowheader')).toHaveLength(VIRTUALIZE_ABOVE_ROWS);
    expect(screen.getByRole('table', { name: 'Entries' })).not.toHaveAttribute('aria-rowcount');
  });
});
