import '@mantine/dates/styles.css';
import { ActionIcon, Fieldset, Group, Input, Popover, Stack, Tabs, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useId, useState, type KeyboardEvent } from 'react';
import { FIRST_DAY_OF_WEEK, formatDateTime, formatDay } from '../../../shared/format/dates';
import classes from './date-range-picker.module.css';
import {
  HOURS_PER_DAY,
  MINUTES_PER_HOUR,
  noticeOfStep,
  stepTime,
  withDays,
  type DateTimeRange,
  type RangeBound,
  type Step,
} from './date-time-range';

/** The calendar offers the current year and one either side (specification section 5). */
export const PICKER_YEARS_AROUND = 1;

// Mantine leaves its arrow buttons unnamed.
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

interface DateRangePickerProps {
  label: string;
  value: DateTimeRange;
  onChange: (range: DateTimeRange) => void;
}

interface CalendarBounds {
  minDate: string;
  maxDate: string;
}

// Days after now are disabled; that also ends the year range sooner than its last year would.
function calendarBounds(now: Date): CalendarBounds {
  return {
    minDate: formatDay(dayjs(now).subtract(PICKER_YEARS_AROUND, 'year').startOf('year').toDate()),
    maxDate: formatDay(now),
  };
}

/** A button showing the range; it opens a calendar for the days and a time tab for hours and minutes. */
export function DateRangePicker({ label, value, onChange }: DateRangePickerProps) {
  const id = useId();
  // Set on opening: "now" is when the operator looks, not when the page was rendered.
  const [bounds, setBounds] = useState<CalendarBounds | null>(null);
  // The first day clicked of a range still being chosen.
  const [startDay, setStartDay] = useState<string | null>(null);
  // What the last time step did besides stepping (a wrap within the day, a stop at the other bound).
  const [notice, setNotice] = useState<string | null>(null);

  const setOpened = (opened: boolean) => {
    setBounds(opened ? calendarBounds(new Date()) : null);
    setStartDay(null);
    setNotice(null);
  };
  const stepBound = (bound: RangeBound, unit: 'hours' | 'minutes', by: Step) => {
    setNotice(noticeOfStep(value, bound, unit, by));
    onChange(stepTime(value, bound, unit, by));
  };

  const chooseDays = ([start, end]: [string | null, string | null]) => {
    if (start && end) {
      setStartDay(null);
      onChange(withDays(value, dayjs(start).toDate(), dayjs(end).toDate()));
    } else {
      setStartDay(start);
    }
  };

  const days: [string | null, string | null] = startDay
    ? [startDay, null]
    : [formatDay(value.from), formatDay(value.to)];

  return (
    <Popover
      id={id}
      opened={bounds !== null}
      onChange={setOpened}
      trapFocus
      position="bottom-start"
      shadow="md"
    >
      <Input.Wrapper id={id} label={label}>
        <Popover.Target>
          <Input component="button" type="button" pointer onClick={() => setOpened(bounds === null)}>
            {formatDateTime(value.from)} – {formatDateTime(value.to)}
          </Input>
        </Popover.Target>
      </Input.Wrapper>
      <Popover.Dropdown>
        <Tabs defaultValue="calendar">
          <Tabs.List>
            <Tabs.Tab value="calendar">Calendar</Tabs.Tab>
            <Tabs.Tab value="time">Time</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="calendar" pt="sm">
            {bounds ? (
              <DatePicker
                type="range"
                allowSingleDateInRange
                value={days}
                onChange={chooseDays}
                defaultDate={days[0] ?? undefined}
                firstDayOfWeek={FIRST_DAY_OF_WEEK}
                minDate={bounds.minDate}
                maxDate={bounds.maxDate}
                ariaLabels={CALENDAR_LABELS}
              />
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="time" pt="sm">
            <Stack gap="sm" maw={320}>
              <BoundTime title="Start" bound="from" value={value} onStep={stepBound} />
              <BoundTime title="End" bound="to" value={value} onStep={stepBound} />
              <Text size="sm" c="orange.9" role="status">
                {notice}
              </Text>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  );
}

interface BoundTimeProps {
  title: string;
  bound: RangeBound;
  value: DateTimeRange;
  onStep: (bound: RangeBound, unit: 'hours' | 'minutes', by: Step) => void;
}

function BoundTime({ title, bound, value, onStep }: BoundTimeProps) {
  const date = value[bound];
  const step = (unit: 'hours' | 'minutes') => (by: Step) => onStep(bound, unit, by);
  return (
    <Fieldset legend={title} variant="unstyled">
      <Text size="sm" mb={4}>
        {formatDateTime(date)}
      </Text>
      <Group gap="xs" align="center">
        <TimeSpinner
          label={`${title} hours`}
          value={date.getHours()}
          max={HOURS_PER_DAY - 1}
          onStep={step('hours')}
        />
        <Text fw={600} aria-hidden>
          :
        </Text>
        <TimeSpinner
          label={`${title} minutes`}
          value={date.getMinutes()}
          max={MINUTES_PER_HOUR - 1}
          onStep={step('minutes')}
        />
      </Group>
    </Fieldset>
  );
}

interface TimeSpinnerProps {
  label: string;
  value: number;
  max: number;
  onStep: (step: Step) => void;
}

/** A spin button (arrow keys) between its two buttons; the value wraps round at either end. */
function TimeSpinner({ label, value, max, onStep }: TimeSpinnerProps) {
  const text = String(value).padStart(2, '0');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onStep(event.key === 'ArrowUp' ? 1 : -1);
  };
  return (
    <Stack gap={2} align="center">
      <ActionIcon variant="subtle" aria-label={`Increase ${label.toLowerCase()}`} onClick={() => onStep(1)}>
        <span aria-hidden>▲</span>
      </ActionIcon>
      <div
        role="spinbutton"
        tabIndex={0}
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuetext={text}
        className={classes.spinner}
        onKeyDown={onKeyDown}
      >
        {text}
      </div>
      <ActionIcon variant="subtle" aria-label={`Decrease ${label.toLowerCase()}`} onClick={() => onStep(-1)}>
        <span aria-hidden>▼</span>
      </ActionIcon>
    </Stack>
  );
}
