import {
  Badge,
  Button,
  createTheme,
  Notification,
  Pagination,
  type CSSVariablesResolver,
} from '@mantine/core';
import { PAGE_CONTROL_LABELS } from '../shared/ui/page-controls';

export const theme = createTheme({
  primaryColor: 'blue',
  // The default shade 6 is too light on white for WCAG AA text contrast.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'sm',
  headings: { sizes: { h1: { fontSize: '1.75rem', lineHeight: '1.3' } } },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // No pill or button label is cut off (issue 22): Mantine ellipsises both when space runs short,
    // so a table column or a row of controls squeezed them to "UNMATCH…" and "Close ru". Their text
    // keeps its whole width instead: the column grows, or the row wraps around the button.
    Badge: Badge.extend({
      styles: {
        root: { overflow: 'visible', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    }),
    Button: Button.extend({
      styles: {
        root: { flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    }),
    // Mantine's toast close button has no name of its own; axe (and screen readers) need one.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
    // Nor have a pagination's arrow buttons (every paged list: axe's button-name).
    Pagination: Pagination.extend({
      defaultProps: { getControlProps: (control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] }) },
    }),
  },
});

/**
 * Mantine's default error red and dimmed grey are too light on white for WCAG AA; darker shades
 * read (dimmed text: the footer, input descriptions, table captions).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-error': current.colors.red[9], '--mantine-color-dimmed': current.colors.gray[7] },
  dark: {},
});
