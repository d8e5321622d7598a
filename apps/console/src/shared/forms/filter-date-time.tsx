import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import {
  FILTER_DATE_TIME_FORMAT,
  FIRST_DAY_OF_WEEK,
  formatLocalMinute,
  pickerValueOfLocalMinute,
} from '../format/dates';

interface FilterDateTimeProps {
  label: string;
  /** A local minute (`YYYY-MM-DDTHH:mm`), '' for none. */
  value: string;
  onChange: (localMinute: string) => void;
  /** The latest day and time that may be picked: now unless told. */
  maxDate?: Date;
  error?: string | null;
  clearable?: boolean;
  /** Not in use (another filter replaces it). */
  disabled?: boolean;
}

/**
 * A list filter's date and time: the project's picker in the filter format "YYYY-MM-DD hh:mm"
 * (specification 2, section 5), never a time after `maxDate`.
 */
export function FilterDateTime({
  label,
  value,
  onChange,
  maxDate,
  error,
  clearable = true,
  disabled = false,
}: FilterDateTimeProps) {
  return (
    <DateTimePicker
      label={label}
      valueFormat={FILTER_DATE_TIME_FORMAT}
      placeholder={FILTER_DATE_TIME_FORMAT}
      value={pickerValueOfLocalMinute(value)}
      maxDate={maxDate ?? new Date()}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      clearable={clearable}
      error={error}
      disabled={disabled}
      onChange={(picked) => onChange(picked === null ? '' : formatLocalMinute(picked))}
    />
  );
}
