import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DateRangePicker } from './date-range-picker';
import type { DateTimeRange } from './date-time-range';

const at = (month: number, day: number, hours: number, minutes: number) =>
  new Date(2026, month, day, hours, minutes);

function Harness({
  initial,
  onChange,
}: {
  initial: DateTimeRange;
  onChange: (range: DateTimeRange) => void;
}) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangePicker
      label="Date range"
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

// jsdom lays nothing out, so Mantine hides the dropdown as detached from its target (display:
// none); its content is there all the same.
const HIDDEN = { hidden: true } as const;

async function open(initial: DateTimeRange) {
  const onChange = vi.fn<(range: DateTimeRange) => void>();
  const user = userEvent.setup();
  renderWithProviders(<Harness initial={initial} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Date range' }));
  return { user, onChange, dialog: await screen.findByRole('dialog', { hidden: true }) };
}

describe('date range picker', () => {
  beforeEach(() => {
    // Only the clock: Mantine's transitions need real frames.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(10, 22, 14, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the range in the short format and opens on the calendar, weeks from Sunday', async () => {
    const { dialog } = await open({ from: at(10, 20, 8, 0), to: at(10, 22, 17, 45) });
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      "20th Nov '26 08:00 – 22nd Nov '26 17:45",
    );
    expect(within(dialog).getByRole('tab', { name: 'Calendar', ...HIDDEN })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Time', ...HIDDEN })).toBeInTheDocument();
    const weekdays = within(dialog)
      .getAllByRole('columnheader', HIDDEN)
      .map((cell) => cell.textContent);
    expect(weekdays[0]).toBe('Su');
  });

  it('disables days after today', async () => {
    const { dialog } = await open({ from: at(10, 20, 8, 0), to: at(10, 22, 17, 45) });
    expect(within(dialog).getByRole('button', { name: '22 November 2026', ...HIDDEN })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '23 November 2026', ...HIDDEN })).toBeDisabled();
  });

  it('offers nothing before the start of last year', async () => {
    const { dialog } = await open({ from: new Date(2025, 0, 5, 8, 0), to: new Date(2025, 0, 6, 9, 0) });
    expect(within(dialog).getByRole('button', { name: '1 January 2025', ...HIDDEN })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Previous month', ...HIDDEN })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next month', ...HIDDEN })).toBeEnabled();
  });

  it('takes two days, keeping the times, and either order makes a range', async () => {
    const { user, onChange, dialog } = await open({ from: at(10, 20, 8, 0), to: at(10, 22, 17, 45) });
    await user.click(within(dialog).getByRole('button', { name: '18 November 2026', ...HIDDEN }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '10 November 2026', ...HIDDEN }));
    expect(onChange).toHaveBeenLastCalledWith({ from: at(10, 10, 8, 0), to: at(10, 18, 17, 45) });
  });

  it('steps hours and minutes of each bound with the wrap rules, by button and arrow key', async () => {
    const { user, onChange, dialog } = await open({ from: at(10, 20, 23, 0), to: at(10, 22, 17, 59) });
    await user.click(within(dialog).getByRole('tab', { name: 'Time', ...HIDDEN }));
    const startHours = within(dialog).getByRole('spinbutton', { name: 'Start hours', ...HIDDEN });
    expect(startHours).toHaveTextContent('23');
    await user.click(within(dialog).getByRole('button', { name: 'Increase start hours', ...HIDDEN }));
    expect(onChange).toHaveBeenLastCalledWith({ from: at(10, 20, 0, 0), to: at(10, 22, 17, 59) });
    expect(startHours).toHaveAttribute('aria-valuenow', '0');
    startHours.focus();
    await user.keyboard('{ArrowDown}');
    expect(startHours).toHaveTextContent('23');

    await user.click(within(dialog).getByRole('button', { name: 'Increase end minutes', ...HIDDEN }));
    expect(onChange).toHaveBeenLastCalledWith({ from: at(10, 20, 23, 0), to: at(10, 22, 17, 0) });
    await user.click(within(dialog).getByRole('button', { name: 'Decrease end minutes', ...HIDDEN }));
    expect(within(dialog).getByRole('spinbutton', { name: 'End minutes', ...HIDDEN })).toHaveTextContent(
      '59',
    );
    expect(within(dialog).queryByRole('spinbutton', { name: /seconds/, ...HIDDEN })).toBeNull();
  });
});
