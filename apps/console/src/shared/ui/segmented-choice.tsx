import { useId } from 'react';
import classes from './segmented-choice.module.css';

interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * One of a few options as a row of segments: native radios (arrow keys move between them), drawn
 * by CSS alone. Mantine's SegmentedControl measures its segments as it mounts, a forced layout of
 * the whole page inside a screen's first long task (64–74 ms at 4x CPU throttling), and then
 * watches them with two ResizeObservers.
 */
export function SegmentedChoice<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {options.map((option) => (
        <label key={option} className={classes.segment}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option}
            checked={option === value}
            onChange={() => onChange(option)}
          />
          <span className={classes.label}>{option}</span>
        </label>
      ))}
    </div>
  );
}
