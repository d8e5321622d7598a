import { Select as MantineSelect, type Primitive, type SelectProps } from '@mantine/core';
import { useState, type FocusEvent, type PointerEvent } from 'react';

/**
 * Mantine's Select, its options mounted once the field is first reached (pointer or focus) rather
 * than with the screen: mounted closed, every select's dropdown is positioned as the screen first
 * paints, each a forced style recalculation (decision 0033). Once reached the options stay mounted,
 * so the keyboard moves through them as in Mantine's own (0017).
 */
export function Select<Value extends Primitive = string>(props: SelectProps<Value>) {
  const [reached, setReached] = useState(false);
  const { comboboxProps, onFocus, onPointerEnter } = props;
  return (
    <MantineSelect
      {...props}
      // 'display-none': the closed options are hidden by a style set in the same render as the
      // opening. With React's Activity (Mantine's default) a dropdown opened as its options were
      // first mounted stayed hidden once on a busy machine (CI: an expanded select, no options).
      comboboxProps={{ ...comboboxProps, keepMounted: reached, keepMountedMode: 'display-none' }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setReached(true);
        onFocus?.(event);
      }}
      onPointerEnter={(event: PointerEvent<HTMLInputElement>) => {
        setReached(true);
        onPointerEnter?.(event);
      }}
    />
  );
}
