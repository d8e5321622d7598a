import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './data-table';
import { useColumnVisibility, useRowSelection, useSorting } from './use-table-controls';

interface Fruit {
  name: string;
  colour: string;
  count: number;
}

const FRUITS: Fruit[] = [
  { name: 'Apple', colour: 'red', count: 3 },
  { name: 'Banana', colour: 'yellow', count: 1 },
  { name: 'Cherry', colour: 'red', count: 2 },
];

const COLUMNS: DataTableColumn<Fruit>[] = [
  {
    id: 'name',
    header: 'Name',
    rowHeader: true,
    cell: (fruit) => fruit.name,
    sortValue: (fruit) => fruit.name,
  },
  { id: 'colour', header: 'Colour', cell: (fruit) => fruit.colour, sortValue: (fruit) => fruit.colour },
  {
    id: 'count',
    header: 'Count',
    align: 'right',
    cell: (fruit) => fruit.count,
    sortValue: (fruit) => fruit.count,
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (fruit) => <button>{`Eat ${fruit.name}`}</button>,
  },
];

function Fruits({ initial = FRUITS, manualSorting }: { initial?: Fruit[]; manualSorting?: boolean }) {
  const [rows, setRows] = useState(initial);
  const sorting = useSorting();
  const selection = useRowSelection(rows);
  const visibility = useColumnVisibility({ colour: true });
  return (
    <>
      <button onClick={() => setRows([...rows])}>Reload</button>
      <button onClick={() => visibility.setVisible('colour', !visibility.visibility.colour)}>
        Toggle colour
      </button>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        rowId={(fruit) => fruit.name}
        label="Fruits"
        minWidth={300}
        sorting={sorting}
        manualSorting={manualSorting}
        selection={selection}
        columnVisibility={visibility}
      />
    </>
  );
}

const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
const selectedNames = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-selected') === 'true')
    .map((row) => within(row).getByRole('rowheader').textContent);

describe('DataTable', () => {
  it('names the table, its columns and each row by its row-header cell', () => {
    renderWithProviders(<Fruits />);
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Colour', 'Count', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'Banana' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Eat Cherry' })).toBeInTheDocument();
    expect(names()).toEqual(['Apple', 'Banana', 'Cherry']);
  });

  it('sorts a column descending, then ascending, then not at all', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Fruits />);
    const count = screen.getByRole('columnheader', { name: 'Count' });
    expect(count).toHaveAttribute('aria-sort', 'none');
    await user.click(within(count).getByRole('button'));
    expect(count).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Apple', 'Cherry', 'Banana']);
    await user.click(within(count).getByRole('button'));
    expect(count).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Banana', 'Cherry', 'Apple']);
    await user.click(within(count).getByRole('button'));
    expect(count).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Apple', 'Banana', 'Cherry']);
  });

  it('leaves the order to the server with manual sorting, showing the sort on the header', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Fruits manualSorting />);
    const count = screen.getByRole('columnheader', { name: 'Count' });
    await user.click(within(count).getByRole('button'));
    expect(count).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Apple', 'Banana', 'Cherry']);
  });

  it('adds a column to the sort on shift-click and numbers the priorities', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Fruits />);
    const colour = screen.getByRole('columnheader', { name: /Colour/ });
    const name = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(colour).getByRole('button'));
    expect(colour).toHaveTextContent(/^Colour▼$/);
    await user.keyboard('{Shift>}');
    await user.click(within(name).getByRole('button'));
    await user.click(within(name).getByRole('button'));
    await user.keyboard('{/Shift}');
    expect(colour).toHaveTextContent('Colour▼, sort priority 1');
    expect(name).toHaveTextContent('Name▲, sort priority 2');
    expect(names()).toEqual(['Banana', 'Apple', 'Cherry']);
  });

  it('selects rows by click and ranges by shift-click, and clears them when the rows change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Fruits />);
    const row = (fruit: string) =>
      screen.getByRole('rowheader', { name: fruit }).closest('tr') as HTMLElement;
    await user.click(row('Cherry'));
    expect(selectedNames()).toEqual(['Cherry']);
    await user.keyboard('{Shift>}');
    await user.click(row('Apple'));
    await user.keyboard('{/Shift}');
    expect(selectedNames()).toEqual(['Apple', 'Banana', 'Cherry']);
    await user.click(row('Banana'));
    expect(selectedNames()).toEqual(['Apple', 'Cherry']);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(selectedNames()).toEqual([]);
  });

  it('keeps the page text unselected on a shift-click of a row or a sort header', () => {
    renderWithProviders(<Fruits />);
    const row = screen.getByRole('rowheader', { name: 'Apple' }).closest('tr') as HTMLElement;
    const sortName = within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button');
    // fireEvent answers false when the handler prevented the default (the text selection).
    expect(fireEvent.mouseDown(row, { shiftKey: true })).toBe(false);
    expect(fireEvent.mouseDown(sortName, { shiftKey: true })).toBe(false);
    expect(fireEvent.mouseDown(row)).toBe(true);
  });

  it('hides and shows a column', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Fruits />);
    await user.click(screen.getByRole('button', { name: 'Toggle colour' }));
    expect(screen.queryByRole('columnheader', { name: /Colour/ })).toBeNull();
    expect(screen.queryByText('yellow')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle colour' }));
    expect(screen.getByRole('columnheader', { name: /Colour/ })).toBeInTheDocument();
    expect(screen.getByText('yellow')).toBeInTheDocument();
  });

  it('opens a row on a click anywhere but its links and buttons', async () => {
    const user = userEvent.setup();
    const open = vi.fn<(fruit: Fruit) => void>();
    renderWithProviders(
      <DataTable
        columns={COLUMNS}
        rows={FRUITS}
        rowId={(fruit) => fruit.name}
        label="Fruits"
        minWidth={300}
        onRowClick={open}
      />,
    );
    await user.click(screen.getByRole('cell', { name: 'yellow' }));
    expect(open).toHaveBeenCalledWith(FRUITS[1]);
    await user.click(screen.getByRole('button', { name: 'Eat Cherry' }));
    expect(open).toHaveBeenCalledTimes(1);
  });
  it('labels each cell with its column, for a phone that stacks the table, its hidden headers aside', async () => {
    renderWithProviders(
      <DataTable
        columns={COLUMNS}
        rows={FRUITS}
        rowId={(fruit) => fruit.name}
        label="Fruits"
        minWidth={600}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Fruits' });
    const apple = within(table).getByRole('rowheader', { name: 'Apple' }).closest('tr') as HTMLElement;
    expect(
      within(apple)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Colour', 'Count', null]);
    expect(within(apple).getByRole('cell', { name: 'red' })).toBeInTheDocument();
  });

  it('leaves the cells unlabelled for a table that keeps its columns on a phone', async () => {
    renderWithProviders(
      <DataTable
        columns={COLUMNS}
        rows={FRUITS}
        rowId={(fruit) => fruit.name}
        label="Fruits"
        minWidth={600}
        keepColumnsOnPhone
      />,
    );
    const table = await screen.findByRole('table', { name: 'Fruits' });
    expect(table.querySelectorAll('[data-label]')).toHaveLength(0);
    expect(table).not.toHaveAttribute('role');
  });
});
