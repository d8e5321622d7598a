import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { FIRST_DAY_OF_WEEK, NUMERIC_DAY_FORMAT, parseNumericDay } from '../../../shared/format/dates';
import { SEARCH_TEXTS } from '../constants';
import { isFutureDay } from './voucher-filters';

// Wide enough for "Date last modified from" on one line (187 px); a narrower screen wraps whole fields.
const DAY_FIELD_WIDTH = 192;

interface DayFilterInputProps {
  label: string;
  /** The day filtered by (`YYYY-MM-DD`), or null. */
  value: string | null;
  onChange: (day: string | null) => void;
  /** What is wrong with the day as a bound of its range (a "to" before its "from"). */
  error?: string;
  /**
   * The text the field was left holding that is no day, or a day after today, or null: the page
   * waits while there is one.
   */
  noDay: string | null;
  onNoDay: (typed: string | null) => void;
}

/**
 * A day typed as DD/MM/YYYY or picked. When the field is left holding a text that is no day
 * (99/99/9999), the filter drops its previous day rather than keep filtering by a date the field
 * no longer shows, the error quotes the text (the picker empties a field whose day is gone) and
 * the page waits for it to be corrected or cleared rather than list vouchers of any day.
 */
export function DayFilterInput({ label, value, onChange, error, noDay, onNoDay }: DayFilterInputProps) {
  const [typed, setTyped] = useState('');
  const setInvalid = onNoDay;
  const isNoDay = (text: string) => text.trim() !== '' && parseNumericDay(text) === null;
  // A day after today the picker would empty without a word: it is said, as a day that is none is.
  const unusable = (text: string) => isNoDay(text) || isFutureDay(text);
  return (
    <DateInput
      label={label}
      labelProps={{ style: { whiteSpace: 'nowrap' } }}
      value={value}
      onChange={(day) => {
        setInvalid(null);
        onChange(day);
      }}
      onInput={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        if (!unusable(text)) setInvalid(null);
      }}
      onBlur={() => {
        if (!unusable(typed)) return;
        setInvalid(typed.trim());
        if (value !== null) onChange(null);
      }}
      error={
        noDay === null
          ? error
          : isFutureDay(noDay)
            ? SEARCH_TEXTS.futureDay(noDay)
            : SEARCH_TEXTS.invalidDay(noDay)
      }
      valueFormat={NUMERIC_DAY_FORMAT}
      dateParser={parseNumericDay}
      placeholder={NUMERIC_DAY_FORMAT}
      // Nothing is created or changed in the future (specification 1, section 5: not after now).
      maxDate={new Date()}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      w={DAY_FIELD_WIDTH}
    />
  );
}
