import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './support/api';
import { signIn, signInAt } from './support/session';
import { expectAccessible } from './support/axe';

interface Voucher {
  reference: string;
  customerId: string;
  state: string;
  datetimeCreated: string;
  datetimeModified: string;
}

interface VouchersPage {
  senderOrders: Voucher[];
  paging: { nextPage: number | null; nrRecords: number; range: string };
}

const PAGE = 500;
const HOUR_MS = 3_600_000;

/** Every voucher, newest change first, through the API the screens use. */
async function listVouchers(request: APIRequestContext, token: string): Promise<Voucher[]> {
  const all: Voucher[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const response = await request.get('/api/moneytransfer/orders', {
      params: { limit: PAGE, offset },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), 'the voucher search answers').toBe(true);
    const page = (await response.json()) as VouchersPage;
    all.push(...page.senderOrders);
    if (page.paging.nextPage === null) return all;
  }
}

/**
 * The simulator writes its voucher history in the background after it first starts (at least two
 * redemptions stuck in REDEMPTION_AUTHORISED and a voucher on hold); the tests wait for it.
 */
async function waitForVoucherHistory(request: APIRequestContext, token: string): Promise<Voucher[]> {
  let vouchers: Voucher[] = [];
  await expect
    .poll(
      async () => {
        vouchers = await listVouchers(request, token);
        return vouchers.filter((voucher) => voucher.state === 'REDEMPTION_AUTHORISED').length;
      },
      { message: 'the simulator has written its voucher history', timeout: 240_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(2);
  return vouchers;
}

/**
 * REDEEMABLE vouchers bought more than a day ago, oldest first: the simulator redeems among the
 * newest, so these stay as they are while a test changes them.
 */
function quietRedeemable(vouchers: Voucher[]): Voucher[] {
  const dayAgo = Date.now() - 24 * HOUR_MS;
  return vouchers
    .filter((voucher) => voucher.state === 'REDEEMABLE' && Date.parse(voucher.datetimeCreated) < dayAgo)
    .sort((a, b) => Date.parse(a.datetimeCreated) - Date.parse(b.datetimeCreated));
}

let vouchers: Voucher[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  vouchers = await waitForVoucherHistory(request, await apiToken(request, 'operator'));
});

function currentState(page: Page) {
  return page.getByRole('region', { name: 'Current State' });
}

function historyEvents(page: Page) {
  return page.getByRole('region', { name: 'History' }).getByRole('listitem');
}

test('an operator searches by reference and opens the voucher', async ({ page }) => {
  const voucher = vouchers.find((each) => each.state === 'REDEEMED') ?? vouchers[0];
  if (!voucher) throw new Error('no voucher to search for');
  await signInAt(page, '/dashboard/vouchers', 'operator');
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();
  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(breadcrumbs.getByRole('link', { name: 'Home' }), 'Home > Vouchers').toBeVisible();
  const table = page.getByRole('table', { name: 'Vouchers' });
  await expect(table.getByRole('row'), 'a page of 25 vouchers and the header row').toHaveCount(26);
  await expect(page.getByText(/^1-25 of [\d\s,]+$/), 'the range and total').toBeVisible();
  await expectAccessible(page, 'the search page');

  await page.getByRole('textbox', { name: 'Voucher Reference Number' }).fill(voucher.reference);
  await expect(page, 'the filter lives in the URL').toHaveURL(new RegExp(`reference=${voucher.reference}`));
  await expect(table.getByRole('row'), 'just the voucher with that reference').toHaveCount(2);
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Voucher Reference Number' })).toHaveValue(
    voucher.reference,
  );
  await table
    .getByRole('row', { name: new RegExp(voucher.reference) })
    .getByText(voucher.state)
    .click();
  await expect(page).toHaveURL(`/dashboard/vouchers/${voucher.reference}`);
  await expect(currentState(page).getByText(voucher.reference)).toBeVisible();
  await expect(historyEvents(page).first(), 'the history lists its events').toBeVisible();
  await expectAccessible(page, 'the detail page');

  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Vouchers' }).click();
  await page.getByRole('textbox', { name: 'Voucher Reference Number' }).fill('999999999999');
  await expect(page.getByText('No vouchers match your query')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL('/dashboard/vouchers');
});

test('Ctrl+K finds a voucher by its reference, and the menu entry opens the search', async ({ page }) => {
  const voucher = vouchers.find((each) => each.state === 'REFUNDED') ?? vouchers[0];
  if (!voucher) throw new Error('no voucher to look up');
  await page.goto('/dashboard/home');
  await signIn(page, 'operator');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vouchers' }).click();
  await expect(page).toHaveURL('/dashboard/vouchers');
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette
    .getByRole('textbox', { name: 'Search screens, transactions and vouchers' })
    .fill(voucher.reference);
  // The purchase is a switch transaction with the same reference: both are offered.
  await palette.getByRole('button', { name: new RegExp(`^${voucher.reference} Voucher ·`) }).click();
  await expect(page, 'the palette opens the voucher').toHaveURL(`/dashboard/vouchers/${voucher.reference}`);
});

test('an operator places a voucher on hold and releases it, each with a comment', async ({ page }) => {
  const voucher = quietRedeemable(vouchers)[0];
  if (!voucher) throw new Error('no redeemable voucher');
  await signInAt(page, `/dashboard/vouchers/${voucher.reference}`, 'operator');
  const card = currentState(page);
  await expect(card.getByText('REDEEMABLE')).toBeVisible();

  await card.getByRole('button', { name: 'Place on Hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place on Hold' });
  await dialog.getByRole('button', { name: 'Place on Hold' }).click();
  await expect(dialog.getByText('Please add a comment.'), 'the comment is required').toBeVisible();
  await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('E2E: sender reported the slip stolen');
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().endsWith('/holdStatus'),
  );
  await dialog.getByRole('button', { name: 'Place on Hold' }).click();
  expect((await sent).headers()['idempotency-key'], 'the change carries an Idempotency-Key').toBeTruthy();
  await expect(page.getByText(`Voucher ${voucher.reference} was successfully placed on hold.`)).toBeVisible();
  await expect(card.getByText('ON_HOLD')).toBeVisible();
  await expect(historyEvents(page).first()).toContainText(
    'Placed on hold: E2E: sender reported the slip stolen',
  );

  await card.getByRole('button', { name: 'Release Hold' }).click();
  const release = page.getByRole('dialog', { name: 'Release Hold' });
  await release.getByRole('textbox', { name: 'Add a comment' }).fill('E2E: sender confirmed');
  await release.getByRole('button', { name: 'Release Hold' }).click();
  await expect(
    page.getByText(`Voucher ${voucher.reference} was successfully placed off hold.`),
  ).toBeVisible();
  await expect(card.getByText('REDEEMABLE')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Place on Hold' })).toBeVisible();
});

test('a hold whose answer was lost is sent again with its key and stands once; on a phone its long comment wraps', async ({
  page,
  request,
}) => {
  const voucher = quietRedeemable(vouchers)[2];
  if (!voucher) throw new Error('no third redeemable voucher');
  await page.setViewportSize({ width: 412, height: 915 });
  await signInAt(page, `/dashboard/vouchers/${voucher.reference}`, 'operator');
  const card = currentState(page);
  await card.getByRole('button', { name: 'Place on Hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place on Hold' });
  // One word longer than the screen is wide, as a pasted reference is.
  const comment = `E2E:${'0123456789'.repeat(12)}`;
  await dialog.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  // The hold is made, but its answer never reaches the browser; the user tries again.
  const keys: string[] = [];
  await page.route('**/holdStatus', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await dialog.getByRole('button', { name: 'Place on Hold' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Place on Hold' }).click();
  await expect(page.getByText(`Voucher ${voucher.reference} was successfully placed on hold.`)).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1], 'the retry carries the same key').toBe(keys[0]);
  await expect(card.getByText('ON_HOLD')).toBeVisible();
  const events = historyEvents(page);
  await expect(events.filter({ hasText: comment }), 'placed on hold once').toHaveCount(1);

  const balance = events.first().getByRole('table', { name: 'Order balance' });
  // Amount and Balance, the last two lines of the step's card.
  const cells = balance.getByRole('row').nth(1).getByRole('cell');
  for (const column of [3, 4]) {
    const bounds = await cells.nth(column).boundingBox();
    expect(bounds && bounds.x + bounds.width, `column ${column + 1} is on the screen`).toBeLessThanOrEqual(
      412,
    );
  }
  await expectAccessible(page, 'a voucher on a phone');

  const token = await apiToken(request, 'operator');
  const released = await request.put(
    `/api/moneytransfer/customer/${voucher.customerId}/order/${voucher.reference}/holdStatus`,
    { headers: { Authorization: `Bearer ${token}` }, data: { onHold: false, reason: 'E2E: clean up' } },
  );
  expect(released.ok(), 'the hold is released again').toBe(true);
});

test('support rolls one stuck redemption back and another forward', async ({ page }) => {
  const stuck = vouchers.filter((voucher) => voucher.state === 'REDEMPTION_AUTHORISED');
  const [back, forward] = stuck;
  if (!back || !forward) throw new Error('fewer than two stuck redemptions');
  await signInAt(page, `/dashboard/vouchers/${back.reference}`, 'operator');
  await expect(currentState(page).getByText('REDEMPTION_AUTHORISED')).toBeVisible();
  const latest = historyEvents(page).first();
  await expect(
    latest.getByText('REDEMPTION_AUTH', { exact: true }).first(),
    'the status cut to 15',
  ).toBeVisible();
  await latest.getByRole('button', { name: 'Roll Back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll Back' });
  await dialog.getByRole('button', { name: 'Roll Back' }).click();
  await expect(dialog.getByText('Please enter a support id.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Support ID' }).fill('E2E-101');
  await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('Merchant never confirmed');
  await dialog.getByRole('button', { name: 'Roll Back' }).click();
  await expect(page.getByText(`Voucher ${back.reference} was successfully rolled back.`)).toBeVisible();
  await expect(currentState(page).getByText('REDEEMABLE')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Roll Back' }).first(),
    'nothing is left to roll back',
  ).toBeDisabled();

  await page.goto(`/dashboard/vouchers/${forward.reference}`);
  await historyEvents(page).first().getByRole('button', { name: 'Roll Forward' }).click();
  const forwardDialog = page.getByRole('dialog', { name: 'Roll Forward' });
  await forwardDialog.getByRole('textbox', { name: 'Support ID' }).fill('E2E-102');
  await forwardDialog.getByRole('textbox', { name: 'Add a comment' }).fill('Merchant confirmed by phone');
  await forwardDialog.getByRole('button', { name: 'Roll Forward' }).click();
  await expect(page.getByText(`Voucher ${forward.reference} was successfully rolled forward.`)).toBeVisible();
  await expect(currentState(page).getByText(/^(REDEEMED|REDEEMABLE)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Roll Forward' }).first()).toBeDisabled();
});

test('a redemption links to its switch transaction', async ({ page }) => {
  const redeemed = vouchers.find((voucher) => voucher.state === 'REDEEMED');
  if (!redeemed) throw new Error('no redeemed voucher');
  await signInAt(page, `/dashboard/vouchers/${redeemed.reference}`, 'approver');
  await expect(currentState(page).getByText('REDEEMED')).toBeVisible();
  await expect(
    currentState(page).getByRole('button', { name: /Hold/ }),
    'an approver may only look at vouchers',
  ).toHaveCount(0);
  const link = page.getByRole('link', { name: /^View transaction / }).first();
  const authorisationId = (await link.textContent())?.replace('View transaction ', '') ?? '';
  await link.click();
  await expect(page).toHaveURL(`/dashboard/transactions/${authorisationId}`);
  await expect(page.getByRole('table', { name: 'Leg summary' }), 'the trace of the redemption').toBeVisible();
});

test('a change refused by the platform says so and shows the voucher as it now is', async ({
  page,
  request,
}) => {
  const voucher = quietRedeemable(vouchers)[1];
  if (!voucher) throw new Error('no second redeemable voucher');
  await signInAt(page, `/dashboard/vouchers/${voucher.reference}`, 'operator');
  const card = currentState(page);
  await expect(card.getByRole('button', { name: 'Place on Hold' })).toBeVisible();

  // Someone else places the hold first.
  const token = await apiToken(request, 'operator');
  const path = `/api/moneytransfer/customer/${voucher.customerId}/order/${voucher.reference}/holdStatus`;
  const headers = { Authorization: `Bearer ${token}` };
  const first = await request.put(path, { headers, data: { onHold: true, reason: 'E2E: held elsewhere' } });
  expect(first.ok(), 'the other hold is placed').toBe(true);

  await card.getByRole('button', { name: 'Place on Hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place on Hold' });
  await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('E2E: too late');
  await dialog.getByRole('button', { name: 'Place on Hold' }).click();
  await expect(dialog.getByRole('alert'), "the platform's reason stays on the modal").toContainText(
    voucher.reference,
  );
  await expect(page.getByText(/contact support/), 'a refusal is not a failure to report').toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Release Hold' }), 'the page shows the hold').toBeVisible();

  await page.goto('/dashboard/vouchers/NO-SUCH-VOUCHER');
  await expect(page.getByRole('alert')).toHaveText(/Can not find the voucher for NO-SUCH-VOUCHER/);

  const released = await request.put(path, { headers, data: { onHold: false, reason: 'E2E: clean up' } });
  expect(released.ok(), 'the hold is released again').toBe(true);
});
