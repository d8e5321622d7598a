import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken } from './support/api';
import { sidewaysScroll } from './support/layout';
import { signInAt } from './support/session';
import { expectAccessible } from './support/axe';

// The seeded demo switch (apps/platform/src/db/demo-topology.ts).
const CARDS = { id: 'card-authorisations', name: 'Card Authorisations' };
const VISA = { id: 'visa-base-i', name: 'Visa Base I' };
const OTHER_CARD_RECEIVERS = ['Mastercard Banknet', 'Amex Gateway (SAF)'];
const AIRTIME = { id: 'airtime-vending', name: 'Airtime Vending' };
const CELL_C = { id: 'cell-c-airtime', name: 'Cell C Airtime', weight: 250 };
const EFT = { id: 'eft-payments', name: 'EFT Payments' };
const BANKSERV = { id: 'bankserv-eft', name: 'BankservAfrica EFT' };
const SERVICES_PATH = '/dashboard/load-balancer/services';
const POLL_INTERVAL_MS = 30_000;

/** Puts a receiver back as the seed made it, so tests sharing the database see the demo. */
async function resetReceiver(
  request: APIRequestContext,
  serviceId: string,
  receiverId: string,
  change: { active?: boolean; weight?: number },
): Promise<void> {
  const token = await apiToken(request, 'admin');
  const base = `/api/lb/${serviceId}/receivers/${receiverId}`;
  const headers = { Authorization: `Bearer ${token}` };
  if (change.active !== undefined) {
    const response = await request.put(`${base}/active`, { headers, data: { active: change.active } });
    expect(response.ok(), `${receiverId} is ${change.active ? 'enabled' : 'disabled'} again`).toBe(true);
  }
  if (change.weight !== undefined) {
    const response = await request.put(`${base}/weight`, { headers, data: { weight: change.weight } });
    expect(response.ok(), `${receiverId} has its weight back`).toBe(true);
  }
}

function receiversTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Receivers' });
}

function receiverRow(page: Page, name: string): Locator {
  return receiversTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

function throughputCell(row: Locator): Locator {
  return row.getByRole('cell').filter({ hasText: /req\/s$/ });
}

async function readThroughput(row: Locator): Promise<number> {
  const text = (await throughputCell(row).textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

function projectedShare(dialog: Locator, name: string): Locator {
  return dialog
    .getByRole('table', { name: 'Projected share of traffic' })
    .getByRole('row')
    .filter({ has: dialog.page().getByRole('rowheader', { name, exact: true }) })
    .getByRole('cell');
}

test.describe('load balancer', () => {
  test('lists the services and shows a service with its receivers and live figures', async ({ page }) => {
    await signInAt(page, SERVICES_PATH, 'operator');
    await expect(page.getByRole('heading', { name: 'Load Balancer - Services' })).toBeVisible();
    await expect(page).toHaveTitle('Load Balancer - Services | Web Control');
    for (const name of [CARDS.name, 'EFT Payments', AIRTIME.name]) {
      await expect(page.getByRole('rowheader', { name, exact: true }), `${name} is listed`).toBeVisible();
    }
    await expectAccessible(page, 'the services list');

    await page.getByRole('link', { name: `View ${EFT.name}` }).click();
    await expect(page).toHaveURL(`${SERVICES_PATH}/${EFT.id}`);
    await expect(page.getByRole('heading', { level: 1, name: EFT.name })).toBeVisible();
    await expect(page).toHaveTitle(`Load Balancer - ${EFT.name} | Web Control`);
    const bankserv = receiverRow(page, BANKSERV.name);
    await expect(bankserv.getByRole('switch', { name: 'Active' }), 'the receiver is active').toBeChecked();
    await expect(bankserv.getByRole('cell', { name: '600', exact: true }), 'the seeded weight').toBeVisible();
    await expect(throughputCell(bankserv), 'throughput in requests per second').toHaveText(
      /^\d+\.\d{2} req\/s$/,
    );
    await expect(bankserv.getByRole('cell', { name: /^\d+\.\d%$/ }), 'a success rate').toBeVisible();
    await expect
      .poll(() => readThroughput(bankserv), { message: 'the simulator sends it traffic', timeout: 20_000 })
      .toBeGreaterThan(0);
    // The pointer stays where View was clicked; off the table, axe sees no button in its hover state.
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the service detail');
  });

  test('disabling a receiver after confirmation moves its traffic to the others within a refresh', async ({
    page,
    request,
  }) => {
    test.slow(); // real simulator ticks of 10 s must pass on the platform
    // Installed before the page loads, so the console's 30 s polling runs on the clock the test moves.
    await page.clock.install();
    try {
      await signInAt(page, `${SERVICES_PATH}/${CARDS.id}`, 'operator');
      const visa = receiverRow(page, VISA.name);
      const others = OTHER_CARD_RECEIVERS.map((name) => receiverRow(page, name));
      await expect(visa.getByRole('switch', { name: 'Active' })).toBeChecked();
      await expect
        .poll(() => readThroughput(visa), { message: 'Visa carries traffic before', timeout: 20_000 })
        .toBeGreaterThan(0);
      const othersBefore = (await Promise.all(others.map(readThroughput))).reduce((a, b) => a + b, 0);

      // Cancel changes nothing.
      await visa.getByRole('switch', { name: 'Active' }).click();
      let dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
      await expect(dialog, 'the switch asks first').toContainText(`Disable ${VISA.name}?`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(visa.getByRole('switch', { name: 'Active' }), 'Cancel leaves Visa active').toBeChecked();

      await visa.getByRole('switch', { name: 'Active' }).click();
      dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
      // Weights 500, 300 and 200: Visa's half goes to the other two in proportion.
      await expect(projectedShare(dialog, VISA.name)).toHaveText('50.0% → 0.0%');
      await expect(projectedShare(dialog, 'Mastercard Banknet')).toHaveText('30.0% → 60.0%');
      await expect(projectedShare(dialog, 'Amex Gateway (SAF)')).toHaveText('20.0% → 40.0%');
      await dialog.getByRole('button', { name: 'Okay' }).click();
      await expect(page.getByText('Receiver disabled successfully.'), 'a success toast').toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(
        visa.getByRole('switch', { name: 'Inactive' }),
        'the reload shows Visa inactive',
      ).not.toBeChecked();

      // Each pass moves the console to its next 30 s refresh; the platform's 10 s ticks run in real time.
      await expect(async () => {
        await page.clock.runFor(POLL_INTERVAL_MS);
        await expect(throughputCell(visa)).toHaveText('0.00 req/s', { timeout: 2_000 });
        const othersAfter = (await Promise.all(others.map(readThroughput))).reduce((a, b) => a + b, 0);
        expect(othersAfter, 'the other receivers carry more than before').toBeGreaterThan(othersBefore);
      }, 'Visa falls to zero while the others rise').toPass({ timeout: 40_000, intervals: [2_000] });
    } finally {
      await resetReceiver(request, CARDS.id, VISA.id, { active: true });
    }
  });

  test('adjusting a weight shows the projection, then a toast and the new weight', async ({
    page,
    request,
  }) => {
    // Two axe checks of the dialog (light and dark) and a save: 80 s on a busy two-core machine.
    test.setTimeout(180_000);
    try {
      await signInAt(page, `${SERVICES_PATH}/${AIRTIME.id}`, 'operator');
      const cellC = receiverRow(page, CELL_C.name);
      await cellC.getByRole('button', { name: `Edit weight of ${CELL_C.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Adjust the weight of ${CELL_C.name}` });
      await expect(dialog).toContainText('Changes may take a few minutes to take effect.');
      const weight = dialog.getByRole('textbox', { name: 'Weight' });
      await expect(weight).toHaveValue(String(CELL_C.weight));
      await expectAccessible(page, 'the weight dialog', (builder) => builder.include('[role="dialog"]'));

      await weight.fill('1001');
      await expect(weight, 'above 1000 is invalid').toHaveAttribute('aria-invalid', 'true');
      await expect(
        dialog.getByRole('button', { name: 'Save' }),
        'Save waits for a valid weight',
      ).toBeDisabled();

      // Vodacom 400, MTN 350, Cell C 250 → 500: Cell C's share grows from 25% to 40%.
      await weight.fill('500');
      await expect(projectedShare(dialog, CELL_C.name)).toHaveText('25.0% → 40.0%');
      await expect(projectedShare(dialog, 'Vodacom Airtime')).toHaveText('40.0% → 32.0%');
      await weight.press('Enter');
      await expect(
        page.getByText(`${CELL_C.name} weight adjusted successfully.`),
        'a success toast',
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(
        cellC.getByRole('cell', { name: '500', exact: true }),
        'the new weight shows',
      ).toBeVisible();
    } finally {
      await resetReceiver(request, AIRTIME.id, CELL_C.id, { weight: CELL_C.weight });
    }
  });

  test('a weight someone else changed first: the modal says so, keeps the keyboard and drops the old shares', async ({
    page,
    request,
  }) => {
    const saf = { id: 'bankserv-eft-saf', name: 'BankservAfrica EFT (SAF)', weight: 400 };
    try {
      await signInAt(page, `${SERVICES_PATH}/${EFT.id}`, 'operator');
      await receiverRow(page, saf.name)
        .getByRole('button', { name: `Edit weight of ${saf.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Adjust the weight of ${saf.name}` });
      await dialog.getByRole('textbox', { name: 'Weight' }).fill('450');
      const projection = dialog.getByRole('table', { name: 'Projected share of traffic' });
      await expect(projection).toBeVisible();
      // An administrator's change, made while the dialog is open.
      await resetReceiver(request, EFT.id, saf.id, { weight: 420 });
      const save = dialog.getByRole('button', { name: 'Save' });
      await save.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('alert')).toHaveText(
        'Someone else changed this receiver while you were editing: its weight is now 420 and it is active.',
      );
      await expect(save, 'sent again it would be refused again').toBeDisabled();
      await expect(projection, 'the shares of the weights as listed').toHaveCount(0);
      await expect(dialog, 'the keyboard stays in the dialog, not the page behind it').toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    } finally {
      await resetReceiver(request, EFT.id, saf.id, { weight: saf.weight });
    }
  });

  /** An operator on the Airtime service, with Cell C's weight dialog open (reached from the list). */
  async function openCellCWeightDialog(page: Page) {
    await signInAt(page, SERVICES_PATH, 'operator');
    await page.getByRole('link', { name: `View ${AIRTIME.name}` }).click();
    const cellC = receiverRow(page, CELL_C.name);
    await cellC.getByRole('button', { name: `Edit weight of ${CELL_C.name}` }).click();
    return { cellC, dialog: page.getByRole('dialog', { name: `Adjust the weight of ${CELL_C.name}` }) };
  }

  test('the browser’s Back closes an open weight dialog: it cannot change a receiver of the page left', async ({
    page,
  }) => {
    const { dialog } = await openCellCWeightDialog(page);
    // Any weight: the test that saves one runs beside this one and puts 250 back after.
    await expect(dialog.getByRole('textbox', { name: 'Weight' })).toHaveValue(/^\d+$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Load Balancer - Services' })).toBeVisible();
    await expect(dialog, 'the dialog went with its page').toBeHidden();
  });

  test('the browser’s Back asks before it takes a weight typed in the dialog: Cancel keeps it, Leave goes', async ({
    page,
  }) => {
    const { cellC, dialog } = await openCellCWeightDialog(page);
    const weight = dialog.getByRole('textbox', { name: 'Weight' });
    const typed = String(CELL_C.weight + 7);
    await weight.fill(typed);
    await page.goBack();
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(question).toContainText('What you changed on this form has not been saved.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(weight, 'the typed weight is still there to save').toHaveValue(typed);
    await expect(cellC, 'still on the service').toBeVisible();

    await page.goBack();
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { name: 'Load Balancer - Services' })).toBeVisible();
    await expect(dialog, 'the dialog went with its page').toBeHidden();
  });

  test('without EDIT_LOAD_BALANCER the switch is disabled and Edit is hidden', async ({ page, request }) => {
    await signInAt(page, `${SERVICES_PATH}/${EFT.id}`, 'support');
    const bankserv = receiverRow(page, BANKSERV.name);
    const toggle = bankserv.getByRole('switch', { name: 'Active' });
    await expect(toggle, 'support may look but not switch').toBeDisabled();
    await expect(bankserv.getByText('Active', { exact: true }), 'a not-allowed cursor').toHaveCSS(
      'cursor',
      'not-allowed',
    );
    await expect(receiversTable(page).getByRole('button', { name: /Edit/ }), 'no Edit buttons').toHaveCount(
      0,
    );

    const token = await apiToken(request, 'support');
    const refused = await request.put(`/api/lb/${EFT.id}/receivers/${BANKSERV.id}/active`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { active: false },
    });
    expect(refused.status(), 'the platform refuses the change too').toBe(403);
  });

  test('on a phone, each receiver is a card whose figures and Edit are all on the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await signInAt(page, `${SERVICES_PATH}/${EFT.id}`, 'operator');
    const bankserv = receiverRow(page, BANKSERV.name);
    const viewport = page.viewportSize()?.width ?? 0;
    for (const part of [
      bankserv.getByRole('button', { name: `Edit weight of ${BANKSERV.name}` }),
      bankserv.getByRole('cell').last(),
    ]) {
      await expect(part).toBeVisible();
      const box = await part.boundingBox();
      expect(box && box.x + box.width, 'ends inside the screen').toBeLessThanOrEqual(viewport);
    }
    // Each value beside its column's name, drawn from the cell's label.
    await expect(bankserv.locator('td[data-label="Success rate"]')).toBeVisible();
    expect(await sidewaysScroll(receiversTable(page)), 'nothing to scroll sideways to').toBe(0);
  });

  test.describe('failures', () => {
    const serverError = { status: 500, json: { errorMessage: 'Failed', code: 'INTERNAL' } };

    test('the services list says when it cannot be fetched, or is empty', async ({ page }) => {
      await page.route(
        (url) => url.pathname === '/api/lb',
        (route) => route.fulfill(serverError),
      );
      await signInAt(page, SERVICES_PATH, 'operator');
      await expect(page.getByRole('alert')).toHaveText(
        'Something went wrong while fetching load-balanced services.',
      );

      await page.unroute((url) => url.pathname === '/api/lb');
      await page.route(
        (url) => url.pathname === '/api/lb',
        (route) => route.fulfill({ json: { services: [] } }),
      );
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'No load-balanced' })).toHaveText(
        'No load-balanced services found.',
      );
    });

    test('the detail says when the service or its receivers cannot be fetched, or has none', async ({
      page,
    }) => {
      await page.route(`**/api/lb/${CARDS.id}`, (route) => route.fulfill(serverError));
      await page.route(`**/api/lb/${CARDS.id}/receivers`, (route) => route.fulfill(serverError));
      await signInAt(page, `${SERVICES_PATH}/${CARDS.id}`, 'operator');
      await expect(page.getByRole('alert').filter({ hasText: 'service info' })).toHaveText(
        'Could not fetch service info. Contact support if this problem persists.',
      );
      await expect(page.getByRole('alert').filter({ hasText: 'receivers' })).toHaveText(
        'Could not fetch receivers. Contact support if this problem persists.',
      );

      await page.unrouteAll();
      await page.route(`**/api/lb/${CARDS.id}/receivers`, (route) =>
        route.fulfill({ json: { receivers: [] } }),
      );
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: CARDS.name })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'receivers' })).toHaveText(
        'No receivers found.',
      );
    });

    test('failed changes say so in toasts', async ({ page }) => {
      await page.route('**/api/lb/*/receivers/*/*', (route) =>
        route.request().method() === 'PUT' ? route.fulfill(serverError) : route.fallback(),
      );
      await signInAt(page, `${SERVICES_PATH}/${EFT.id}`, 'operator');
      const bankserv = receiverRow(page, BANKSERV.name);
      await bankserv.getByRole('switch', { name: 'Active' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are You Sure?' });
      await confirm.getByRole('button', { name: 'Okay' }).click();
      await expect(
        page.getByText('Could not disable receiver. Contact support if this persists.'),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(
        bankserv.getByRole('switch', { name: 'Active' }),
        'the receiver stays active',
      ).toBeChecked();

      await bankserv.getByRole('button', { name: `Edit weight of ${BANKSERV.name}` }).click();
      const edit = page.getByRole('dialog', { name: `Adjust the weight of ${BANKSERV.name}` });
      await edit.getByRole('textbox', { name: 'Weight' }).fill('450');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText('Could not adjust receiver weight. Contact support if this persists.'),
      ).toBeVisible();
    });
  });
});
