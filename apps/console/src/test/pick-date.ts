import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

// jsdom lays nothing out, so Mantine hides the dropdown as detached from its target (display:
// none); its content is there all the same.
const HIDDEN = { hidden: true } as const;

/** Picks a day in the date-time picker named `label` (its calendar opens on the current value's month). */
export async function pickDay(user: UserEvent, label: string, day: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: label }));
  const dropdown = await screen.findByRole('dialog', HIDDEN);
  await user.click(await within(dropdown).findByRole('button', { name: day, ...HIDDEN }));
}
