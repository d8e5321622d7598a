import {
  Alert,
  Badge,
  Button,
  createTheme,
  Modal,
  Notification,
  Pagination,
  Title,
  type CSSVariablesResolver,
} from '@mantine/core';
import { PAGE_CONTROL_LABELS } from '../shared/ui/page-controls';

export const theme = createTheme({
  primaryColor: 'blue',
  // The default shade 6 is too light for white button text (and on white) for WCAG AA contrast.
  primaryShade: 8,
  // Green's shade 8 under white text reads 3.4:1 (an Approve button), orange's 3.6:1 (a confirm
  // button), and orange's 9 on its light background 3.6:1 (Close run): Mantine's other shades, and
  // a darker 8 and 9 that read 5:1 and more, in both schemes.
  colors: {
    green: [
      '#ebfbee',
      '#d3f9d8',
      '#b2f2bb',
      '#8ce99a',
      '#69db7c',
      '#51cf66',
      '#40c057',
      '#37b24d',
      '#237a38',
      '#1b5e2b',
    ],
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#fd7e14',
      '#f76707',
      '#c2410c',
      '#b33c0c',
    ],
  },
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
    // A row of tabs scrolls sideways on a phone instead of wrapping: wrapped, a count arriving in
    // a tab (a process's pending approvals) moved the whole screen below it down a line.
    Tabs: { styles: { list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' } } },
    // A heading names what the user typed (a user, a role, a map): one long word of it wraps
    // within the screen instead of widening the page (a 128-character username did, to 2 785 px).
    Title: Title.extend({ styles: { root: { overflowWrap: 'anywhere' } } }),
    // So do a modal's title and text and an alert's (a 200-character map key, a hand-made id in an
    // address): cut off, they hid which key a Delete was about, and pushed a modal's close button
    // off the screen.
    Modal: Modal.extend({
      styles: { title: { minWidth: 0, overflowWrap: 'anywhere' }, body: { overflowWrap: 'anywhere' } },
    }),
    Alert: Alert.extend({
      styles: {
        body: { minWidth: 0 },
        title: { overflowWrap: 'anywhere' },
        message: { overflowWrap: 'anywhere' },
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
  // Dark: Mantine's dimmed grey reads 4.0:1 on the dark body, its error red (a field's message)
  // less than 4.5:1; lighter ones read.
  dark: { '--mantine-color-dimmed': current.colors.gray[5], '--mantine-color-error': current.colors.red[4] },
});
