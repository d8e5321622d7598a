import dayjs from 'dayjs';
import { formatCount } from '../format/metrics';

const MINUTE_S = 60;
const DAY_S = 24 * 60 * MINUTE_S;
/** uPlot's axis font is 12px; this is the widest digit's advance with a little to spare. */
const AXIS_CHAR_WIDTH_PX = 7.5;
/** Tick length and the gap between tick and label. */
const AXIS_PADDING_PX = 18;
const MIN_VALUE_AXIS_PX = 40;

/**
 * Time ticks (seconds) in 24-hour time, with the day ("23 Nov") under the first tick and under
 * each tick that starts a new day; day-sized steps show the day alone. uPlot's own labels follow
 * the browser's locale (US "11/23", "3pm").
 */
export function formatTimeTicks(ticks: readonly number[], step: number): string[] {
  const timeFormat = step < MINUTE_S ? 'HH:mm:ss' : 'HH:mm';
  let previousDay: string | undefined;
  return ticks.map((tick) => {
    const time = dayjs(tick * 1000);
    const day = time.format('D MMM');
    if (step >= DAY_S) return day;
    const label = day === previousDay ? time.format(timeFormat) : `${time.format(timeFormat)}\n${day}`;
    previousDay = day;
    return label;
  });
}

const MAX_TICK_DECIMALS = 6;

/** Decimals a step needs: 0.25 → 2, 5 → 0 (12 significant digits drop float noise). */
function decimalsOf(step: number): number {
  if (!Number.isFinite(step) || step <= 0 || Number.isInteger(step)) return 0;
  const text = step.toPrecision(12);
  if (text.includes('e')) return MAX_TICK_DECIMALS;
  const fraction = text.split('.')[1]?.replace(/0+$/, '') ?? '';
  return Math.min(MAX_TICK_DECIMALS, fraction.length);
}

/** Value ticks with the console's grouping and a decimal point: 123456 → "123 456", 0.5 → "0.5". */
export function formatValueTicks(ticks: readonly number[], step: number): string[] {
  const decimals = decimalsOf(step);
  return ticks.map((tick) => {
    if (decimals === 0) return formatCount(tick);
    const [whole = '0', fraction = ''] = Math.abs(tick).toFixed(decimals).split('.');
    const sign = tick < 0 && Number(fraction) + Number(whole) > 0 ? '-' : '';
    return `${sign}${formatCount(Number(whole))}.${fraction}`;
  });
}

/** Wide enough for the longest label, so six- and seven-digit counts are not cut off. */
export function valueAxisWidth(labels: readonly string[] | null | undefined): number {
  const longest = Math.max(0, ...(labels ?? []).map((label) => label.length));
  return Math.max(MIN_VALUE_AXIS_PX, Math.ceil(longest * AXIS_CHAR_WIDTH_PX + AXIS_PADDING_PX));
}
