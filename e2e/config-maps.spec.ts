import { expect, test, type Page } from '@playwright/test';
import { signInAt } from './support/session';
import { expectAccessible } from './support/axe';

// The demo's maps (apps/platform/src/modules/config-maps/seed.ts): four switch nodes subscribe to
// currency-codes; nobody subscribes to holiday-calendar.
const MAPS_PATH = '/dashboard/config/maps';
const APPROVALS_PATH = '/dashboard/config/approvals';

/** The row of a key; its row header is the key, then the state it is in (if changed). */
function row(page: Page, key: string) {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`^${escaped}\\s*(Added|Updated|Deleted)?$`);
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

async function startEditing(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Mode' }).selectOption('Editing');
  await expect(page.getByRole('textbox', { name: 'New key' }), 'the add row of the edit mode').toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('an operator edits, adds and deletes mappings and submits; an approver approves and pushes', async ({
  browser,
}) => {
  // Two people's sessions, three axe checks, then the switch nodes' 10 s polls after the push.
  test.setTimeout(180_000);
  const suffix = String(Date.now()).slice(-6);
  const newKey = `E2E${suffix}`;
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAt(operator, `${MAPS_PATH}/currency-codes`, 'operator');
  await expect(
    operator.getByRole('heading', { name: 'Mappings', level: 1 }),
    'the mappings page',
  ).toBeVisible();
  await expect(row(operator, '840').getByText('USD'), 'the applied mappings are shown').toBeVisible();
  await startEditing(operator);
  await expectAccessible(operator, 'the mappings page in edit mode');

  // Inline: clicking the value edits it; Enter saves it.
  await operator.getByRole('button', { name: 'Edit the value of 840 inline' }).click();
  const inline = operator.getByRole('textbox', { name: 'Value of 840' });
  await expect(inline, 'the inline field takes the focus').toBeFocused();
  await inline.fill(`USD ${suffix}`);
  await inline.press('Enter');
  await expect(
    operator.getByText("Mapping with key '840' updated successfully."),
    'the edit toast',
  ).toBeVisible();
  await expect(
    row(operator, '840').getByText('Previous value: USD'),
    'the updated row shows what it replaces',
  ).toBeVisible();

  // Add: Enter in the add row submits.
  await operator.getByRole('textbox', { name: 'New key' }).fill(newKey);
  await operator.getByRole('textbox', { name: 'New value' }).fill('E2E test currency');
  await operator.getByRole('textbox', { name: 'New value' }).press('Enter');
  await expect(
    operator.getByText(`Mapping with key '${newKey}' created successfully.`),
    'the add toast',
  ).toBeVisible();

  // Delete, confirmed: the key is on a later page, so the key prefix finds it.
  await operator.getByRole('textbox', { name: 'Key prefix' }).fill('97');
  await expect(operator.getByRole('rowheader'), 'only keys starting 97').toHaveCount(2);
  await operator.getByRole('button', { name: 'Delete 978' }).click();
  await operator
    .getByRole('dialog', { name: 'Are You Sure?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    operator.getByText("Mapping with key '978' deleted successfully."),
    'the delete toast',
  ).toBeVisible();
  await expect(
    row(operator, '978').getByText('Deleted'),
    'the deleted row stays, marked deleted',
  ).toBeVisible();

  await operator.getByRole('button', { name: 'Clear' }).click();
  await operator.getByRole('combobox', { name: 'View' }).selectOption('Unsubmitted Changes');
  for (const key of ['840', newKey, '978']) {
    await expect(row(operator, key), `the change of ${key} waits for submission`).toBeVisible();
  }
  await expect(row(operator, '036'), 'unchanged mappings are not listed').toHaveCount(0);

  await operator.getByRole('button', { name: 'Submit', exact: true }).click();
  const submit = operator.getByRole('dialog', { name: 'Submit for Review' });
  await submit.getByRole('textbox', { name: 'Comment (Required)' }).fill(`E2E currency update ${suffix}`);
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(
    operator.getByText('Mapping changes successfully submitted for review.'),
    'the submit toast',
  ).toBeVisible();
  await operatorContext.close();

  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signInAt(approver, APPROVALS_PATH, 'approver');
  await expect(approver.getByRole('heading', { name: 'Map Approvals' }), 'the approvals page').toBeVisible();
  const card = approver.getByRole('article', { name: 'currency-codes' });
  await expect(card.getByText(/^Latest changes submitted on /), 'the submission date').toBeVisible();
  await card.getByRole('button', { name: 'Review' }).click();
  await expect(card.getByRole('heading', { name: 'Submitted Versions' })).toBeVisible();
  await expect(
    card.getByText(new RegExp(`^operator · .* · E2E currency update ${suffix} · [0-9a-f]{6}$`)),
    'the submitted version: user, time, comment and the first 6 characters of its id',
  ).toBeVisible();
  for (const key of ['840', newKey, '978']) {
    await expect(row(approver, key), `the review lists the change of ${key}`).toBeVisible();
  }
  await expectAccessible(approver, 'the approvals page with a review open');
  await card.getByRole('button', { name: `Show the full value of ${newKey}` }).click();
  const full = approver.getByRole('dialog', { name: newKey });
  await expect(full.getByText('E2E test currency'), 'the full value, titled with the key').toBeVisible();
  await full.getByRole('button', { name: 'OK' }).click();

  await card.getByRole('button', { name: 'Approve' }).click();
  const review = approver.getByRole('dialog', { name: 'Approve currency-codes' });
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByText('Please add a comment'), 'a review needs a comment').toBeVisible();
  await review.getByRole('textbox', { name: 'Comment (Required)' }).fill('Checked against ISO 4217');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText('Changes approved successfully.'), 'the review toast').toBeVisible();
  await expect(card, 'the approved map leaves the approvals list').toHaveCount(0);

  await approver.goto(MAPS_PATH);
  const mapCard = approver.getByRole('article', { name: 'currency-codes' });
  await expect(
    mapCard.getByText(/^Changes applied on /),
    'the approval is the applied version',
  ).toBeVisible();
  await approver.getByRole('button', { name: 'Push Changes' }).click();
  await approver
    .getByRole('dialog', { name: 'Are You Sure?' })
    .getByRole('button', { name: 'Push Changes' })
    .click();
  await expect(
    approver.getByText('Changes pushed to the clients successfully.'),
    'the push toast',
  ).toBeVisible();
  await mapCard.getByRole('button', { name: 'Clients' }).click();
  const clients = mapCard.getByRole('table', { name: 'currency-codes clients' });
  await expect(clients.getByRole('rowheader'), 'the four switch nodes subscribe').toHaveCount(4);
  await expectAccessible(approver, 'the map list with a card open');
  await expect(
    mapCard.getByText('All clients up to date'),
    'the clients fetch the pushed version and acknowledge it; the card follows without a reload',
  ).toBeVisible({ timeout: 60_000 });
  await approverContext.close();
});

test('an edit someone else overtook is refused with a clear message and kept; a bad upload changes nothing', async ({
  browser,
}) => {
  test.slow(); // two sessions and an upload on a shared, busy machine
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await signInAt(first, `${MAPS_PATH}/holiday-calendar`, 'operator');
  await startEditing(first);
  await expect(
    first.getByRole('article', { name: 'holiday-calendar' }).getByText('No clients subscribed'),
    'nobody subscribes to this map',
  ).toBeVisible();
  await expect(
    first.getByRole('article', { name: 'holiday-calendar' }).getByRole('button', { name: 'Clients' }),
    'no clients to expand',
  ).toBeDisabled();
  await first.getByRole('button', { name: 'Edit 2026-12-26' }).click();
  const mine = first.getByRole('dialog', { name: 'Edit Mapping' });
  await mine.getByRole('textbox', { name: 'Value' }).fill('Day of Goodwill (observed)');

  // Meanwhile an administrator changes the same mapping.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAt(other, `${MAPS_PATH}/holiday-calendar`, 'admin');
  await startEditing(other);
  await other.getByRole('button', { name: 'Edit the value of 2026-12-26 inline' }).click();
  await other.getByRole('textbox', { name: 'Value of 2026-12-26' }).fill('Boxing Day');
  await other.getByRole('textbox', { name: 'Value of 2026-12-26' }).press('Enter');
  await expect(other.getByText("Mapping with key '2026-12-26' updated successfully.")).toBeVisible();
  await otherContext.close();

  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(
    mine.getByText(
      "The mapping with key '2026-12-26' was changed by someone else. Your value is kept: check the current value and save again.",
    ),
    'the modal says what happened',
  ).toBeVisible();
  await expect(first.getByRole('alert'), 'once: no toast, nothing beneath the buttons').toHaveCount(1);
  await expect(
    mine.getByText("Its value is now 'Boxing Day'. Saving replaces it with yours."),
    'the modal says what the value is now',
  ).toBeVisible();
  await expect(mine.getByRole('textbox', { name: 'Value' }), 'the typed value is kept').toHaveValue(
    'Day of Goodwill (observed)',
  );
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText("Mapping with key '2026-12-26' updated successfully.")).toBeVisible();
  await expect(row(first, '2026-12-26').getByText('Day of Goodwill (observed)')).toBeVisible();

  // A file with a key twice is refused whole.
  const chooser = first.waitForEvent('filechooser');
  await first.getByRole('button', { name: 'Upload' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'holidays.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('key,value\n2026-01-01,New Year\n2026-01-01,Again\n'),
  });
  await first.getByRole('dialog', { name: 'Are You Sure?' }).getByRole('button', { name: 'Upload' }).click();
  await expect(
    first.getByText('The file was not successfully uploaded and mappings were not affected.'),
    'the refusal toast',
  ).toBeVisible();
  await expect(row(first, '2026-01-01').getByText("New Year's Day"), 'the map is as it was').toBeVisible();
  await firstContext.close();
});

test('an operator uploads a file that replaces a map as unsubmitted changes and submits them', async ({
  browser,
}) => {
  test.slow(); // an upload and a submission on a shared, busy machine
  // receiver-timeouts: six mappings, edited by no other browser test.
  const suffix = String(Date.now()).slice(-6);
  const newKey = `e2e-receiver-${suffix}`;
  const context = await browser.newContext();
  const operator = await context.newPage();
  await signInAt(operator, `${MAPS_PATH}/receiver-timeouts`, 'operator');
  await expect(
    row(operator, 'airtime-vendor').getByText('30s'),
    'the applied mappings are shown',
  ).toBeVisible();
  await startEditing(operator);
  await expect(
    operator.getByRole('button', { name: 'Submit', exact: true }),
    'nothing to submit yet',
  ).toBeDisabled();

  // One value changed, one key left out, one new key; the rest as they are.
  const chooser = operator.waitForEvent('filechooser');
  await operator.getByRole('button', { name: 'Upload' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'timeouts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'key,value',
        'visa-base-i,8000',
        'mastercard-cis,9000',
        'amex-gn,10000',
        'local-acquirer,5000',
        'bill-payments,15000',
        `${newKey},7000`,
        '',
      ].join('\n'),
    ),
  });
  const confirm = operator.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(
    confirm.getByText(
      "Upload 'timeouts.csv'? It replaces every mapping of receiver-timeouts with the file's, as changes for review.",
    ),
    'the confirmation names the file and the map',
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Upload' }).click();
  await expect(
    operator.getByText("File 'timeouts.csv' uploaded successfully."),
    'the upload toast',
  ).toBeVisible();

  await expect(
    row(operator, 'mastercard-cis').getByText('Updated', { exact: true }),
    'a changed value is an update',
  ).toBeVisible();
  await expect(row(operator, 'mastercard-cis').getByText('9000')).toBeVisible();
  await expect(
    row(operator, 'mastercard-cis').getByText('Previous value: 8000'),
    'the update shows what it replaces',
  ).toBeVisible();
  await expect(
    row(operator, 'airtime-vendor').getByText('Deleted', { exact: true }),
    'a key the file leaves out is deleted',
  ).toBeVisible();
  await expect(
    row(operator, 'airtime-vendor').getByText('30s'),
    'the deleted row shows the value it had',
  ).toBeVisible();
  await expect(row(operator, newKey).getByText('Added', { exact: true }), 'a new key is added').toBeVisible();
  await expect(row(operator, newKey).getByText('7000')).toBeVisible();
  await expect(
    operator.getByRole('rowheader', { name: 'visa-base-i', exact: true }),
    'an equal value stays unchanged, with no state',
  ).toBeVisible();

  await operator.getByRole('combobox', { name: 'View' }).selectOption('Unsubmitted Changes');
  for (const key of ['mastercard-cis', 'airtime-vendor', newKey]) {
    await expect(row(operator, key), `the change of ${key} waits for submission`).toBeVisible();
  }
  await expect(operator.getByRole('rowheader'), 'only the three changes are listed').toHaveCount(3);

  await operator.getByRole('button', { name: 'Submit', exact: true }).click();
  const submit = operator.getByRole('dialog', { name: 'Submit for Review' });
  await submit.getByRole('textbox', { name: 'Comment (Required)' }).fill(`E2E timeouts upload ${suffix}`);
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(
    operator.getByText('Mapping changes successfully submitted for review.'),
    'the submit toast',
  ).toBeVisible();
  await expect(submit, 'the dialog closes once sent').toBeHidden();
  await expect(
    operator.getByRole('button', { name: 'Submit', exact: true }),
    'nothing is left to submit',
  ).toBeDisabled();
  await context.close();
});
