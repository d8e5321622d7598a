/** A range of whole minutes; the pickers have no seconds (specification section 9). */
export interface DateTimeRange {
  from: Date;
  to: Date;
}

export type RangeBound = keyof DateTimeRange;
export type Step = 1 | -1;

export const HOURS_PER_DAY = 24;
export const MINUTES_PER_HOUR = 60;

function wrap(value: number, size: number): number {
  return ((value % size) + size) % size;
}

/** One hour on or back: 23 → 0 and 0 → 23. */
export function stepHours(hours: number, step: Step): number {
  return wrap(hours + step, HOURS_PER_DAY);
}

/** One minute on or back: 59 → 0 and 0 → 59, without carrying into the hour. */
export function stepMinutes(minutes: number, step: Step): number {
  return wrap(minutes + step, MINUTES_PER_HOUR);
}

// The end may not precede the start: the bound being changed stops at the other one.
function ordered(range: DateTimeRange, changed: RangeBound): DateTimeRange {
  if (range.to >= range.from) return range;
  return changed === 'from' ? { from: range.to, to: range.to } : { from: range.from, to: range.from };
}

/** New days from the calendar, each keeping its time of day. */
export function withDays(range: DateTimeRange, fromDay: Date, toDay: Date): DateTimeRange {
  const at = (day: Date, time: Date) =>
    new Date(day.getFullYear(), day.getMonth(), day.getDate(), time.getHours(), time.getMinutes());
  return ordered({ from: at(fromDay, range.from), to: at(toDay, range.to) }, 'to');
}

/** One bound's hours or minutes stepped with the wrap rules, on the same day. */
export function stepTime(
  range: DateTimeRange,
  bound: RangeBound,
  unit: 'hours' | 'minutes',
  step: Step,
): DateTimeRange {
  const date = new Date(range[bound]);
  if (unit === 'hours') date.setHours(stepHours(date.getHours(), step));
  else date.setMinutes(stepMinutes(date.getMinutes(), step));
  return ordered({ ...range, [bound]: date }, bound);
}
