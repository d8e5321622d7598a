import { Group, type GroupProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import classes from './filter-group.module.css';

type FilterGroupProps = Omit<GroupProps, 'align' | 'className'> &
  Omit<ComponentPropsWithoutRef<'div'>, keyof GroupProps>;

/**
 * A row of filter fields and their buttons. The inputs stay in line whatever errors show under
 * some of them, and an error wraps within its field rather than widening it.
 */
export function FilterGroup(props: FilterGroupProps) {
  return <Group align="flex-start" {...props} className={classes.row} />;
}
