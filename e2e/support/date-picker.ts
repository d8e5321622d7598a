import { expect, type Page } from '@playwright/test';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The calendar's name of a day, as Mantine labels its day buttons: "18 November 2026". */
export function dayLabelOf(day: Date): string {
  return `${day.getDate()} ${MONTHS[day.getMonth()] ?? ''} ${day.getFullYear()}`;
}

/**
 * Picks `day` (keeping the time) in the project's date-time picker named `label`, stepping back
 * a month when the day is in the one before the picker's, then closes the calendar.
 */
export async function pickDay(page: Page, label: string, day: Date): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const calendar = page.getByRole('dialog');
  const dayButton = calendar.getByRole('button', { name: dayLabelOf(day), exact: true });
  if (!(await dayButton.isVisible())) {
    await calendar.locator('[data-direction="previous"]').first().click();
  }
  await dayButton.click();
  await page.keyboard.press('Escape');
  await expect(calendar, 'the calendar closes').toBeHidden();
}
