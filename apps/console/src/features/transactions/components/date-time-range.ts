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
  return ordered({ ...range, [bound]: stepDate(range[bound], unit, step) }, bound);
}

function stepDate(date: Date, unit: 'hours' | 'minutes', step: Step): Date {
  const next = new Date(date);
  if (unit === 'hours') next.setHours(stepHours(date.getHours(), step));
  else next.setMinutes(stepMinutes(date.getMinutes(), step));
  return next;
}

/** What a step did besides the step itself, so the operator is told (hours wrap within the day). */
export const STEP_NOTICES = {
  endWrapped:
    'The end hour went round to 00 on the same day. To end on a later day, choose it in the calendar.',
  startWrapped:
    'The start hour went round to 23 on the same day. To start on an earlier day, choose it in the calendar.',
  endStopped: 'The end may not precede the start, so it was set to the start.',
  startStopped: 'The start may not follow the end, so it was set to the end.',
} as const;

/** The notices for a step of `range` (before the step), or null when it did just what it said. */
export function noticeOfStep(
  range: DateTimeRange,
  bound: RangeBound,
  unit: 'hours' | 'minutes',
  step: Step,
): string | null {
  const hours = range[bound].getHours();
  const wrapped = unit === 'hours' && (step === 1 ? hours === HOURS_PER_DAY - 1 : hours === 0);
  const stopped =
    stepTime(range, bound, unit, step)[bound].getTime() !== stepDate(range[bound], unit, step).getTime();
  const notices = [
    wrapped ? (bound === 'to' ? STEP_NOTICES.endWrapped : STEP_NOTICES.startWrapped) : null,
    stopped ? (bound === 'to' ? STEP_NOTICES.endStopped : STEP_NOTICES.startStopped) : null,
  ].filter((notice) => notice !== null);
  return notices.length > 0 ? notices.join(' ') : null;
}
