import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './support/api';
import { sidewaysScroll } from './support/layout';
import { signIn, signInAt } from './support/session';
import { expectAccessible } from './support/axe';

interface ListedTransaction {
  uuid: string;
  referenceNumber: string;
  serviceDesc: string;
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin');
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** A pre-authorisation and its completion leg from the seeded day. */
async function findTwoLegs(request: APIRequestContext) {
  const { transactions } = await apiGet<{ transactions: ListedTransaction[] }>(
    request,
    '/api/ecs/transactions?service=completion',
  );
  const completion = transactions[0];
  if (completion === undefined) throw new Error('The seeded day has no completed pre-authorisation');
  const { transactionLeg } = await apiGet<{ transactionLeg: { uuidPrev: string } }>(
    request,
    `/api/ecs/transactions/${completion.uuid}`,
  );
  return { first: transactionLeg.uuidPrev, completion };
}

test.describe('transaction messages', () => {
  test('select a message, Show All, Copy Trace and move between legs', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { first, completion } = await findTwoLegs(request);
    await signInAt(page, `/dashboard/transactions/${first}`, 'operator');

    await expect(page.getByRole('heading', { name: 'Transaction Messages' })).toBeVisible();
    const summary = page.getByRole('table', { name: 'Leg summary' });
    await expect(
      summary.getByRole('row', { name: /Reference/ }),
      'the summary names the reference',
    ).toContainText(completion.referenceNumber);
    await expect(summary.getByRole('row', { name: /Service/ })).toContainText('Pre-authorisation');

    const diagram = page.getByRole('list', { name: 'Edge messages' });
    const boxes = diagram.getByRole('button');
    await expect(boxes, 'request and answer at both edges').toHaveCount(4);
    await expect(boxes.first(), 'the first message is selected on load').toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(boxes.first(), 'boxes are 140 px wide').toHaveCSS('width', '140px');
    const details = page.getByRole('list', { name: 'Message details' }).getByRole('listitem');
    await expect(details, 'only the selected message is listed').toHaveCount(1);
    await expect(details.first()).toContainText('Authorisation request (0100)');

    await expectAccessible(page, 'the trace page');

    const answer = boxes.nth(2);
    const answerName = (await answer.getAttribute('aria-label')) ?? (await answer.innerText());
    await answer.click();
    await expect(answer).toHaveAttribute('aria-pressed', 'true');
    await expect(boxes.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(details).toHaveCount(1);
    await expect(details.first().getByRole('heading')).toHaveText(answerName.split(',')[0] ?? answerName);
    await expect(details.first().locator('pre'), 'the raw ISO 8583 message').toHaveText(/^0110[0-9A-F]{16}/);

    const showAll = page.getByRole('button', { name: 'Show All' });
    await showAll.click();
    await expect(
      page.getByRole('button', { name: 'Showing All' }),
      'Show All turns into Showing All',
    ).toBeDisabled();
    await expect(details, 'every message is listed').toHaveCount(4);

    await page.getByRole('button', { name: 'Copy Trace' }).click();
    await expect(page.getByRole('button', { name: 'Copied' }), "'Copied' confirms the copy").toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied, 'the trace names the transaction').toContain(first);
    expect(copied).toContain(completion.referenceNumber);
    expect(copied).toContain('Authorisation response (0110)');
    await expect(page.getByRole('button', { name: 'Copy Trace' }), 'back after 3 s').toBeVisible({
      timeout: 5_000,
    });

    await expect(
      page.getByRole('link', { name: 'Previous leg' }),
      'the first leg has no previous',
    ).toHaveCount(0);
    await page.getByRole('link', { name: 'Next leg' }).click();
    await expect(page).toHaveURL(`/dashboard/transactions/${completion.uuid}`);
    await expect(summary.getByRole('row', { name: /Service/ })).toContainText('Pre-authorisation Completion');
    await expect(boxes, 'the completion advice and its answer').toHaveCount(2);
    await expect(boxes.first()).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Previous leg' }).click();
    await expect(page).toHaveURL(`/dashboard/transactions/${first}`);
  });

  test('on a phone, both edges of the diagram are on the screen, boxes still 140 px wide', async ({
    page,
    request,
  }) => {
    const { first } = await findTwoLegs(request);
    await page.setViewportSize({ width: 412, height: 900 });
    await signInAt(page, `/dashboard/transactions/${first}`, 'operator');
    const boxes = page.getByRole('list', { name: 'Edge messages' }).getByRole('button');
    await expect(boxes, 'request and answer at both edges').toHaveCount(4);
    for (const box of await boxes.all()) {
      await expect(box).toHaveCSS('width', '140px');
      const bounds = await box.boundingBox();
      expect(bounds && bounds.x + bounds.width, 'ends inside the screen').toBeLessThanOrEqual(412);
    }
    expect(
      await sidewaysScroll(page.getByRole('list', { name: 'Edge messages' })),
      'nothing to scroll sideways to',
    ).toBe(0);
  });

  test('a transaction the platform does not have says so at once, with a way back', async ({ page }) => {
    await signInAt(page, '/dashboard/transactions/00000000-0000-4000-8000-000000000000', 'support');
    await expect(page.getByRole('status')).toHaveText(
      'No transaction with this ID was found. Check the link, or find the transaction by its reference on the Transactions page. Back to Transactions',
    );
    await expect(page.getByRole('table', { name: 'Leg summary' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy Trace' }), 'nothing to copy').toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Transactions' }).click();
    await expect(page).toHaveURL(/\/dashboard\/transactions(\?|$)/);
  });
});

test.describe('command palette', () => {
  test('Ctrl+K finds a transaction by reference and a screen by name', async ({ page, request }) => {
    const { completion } = await findTwoLegs(request);
    await page.goto('/dashboard/home');
    await signIn(page, 'operator');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const search = palette.getByRole('textbox', { name: 'Search screens, transactions and vouchers' });
    await expect(search).toBeFocused();
    await search.fill(completion.referenceNumber);
    const match = palette.getByRole('button', { name: /Pre-authorisation Completion/ });
    await expect(match, 'the lookup lists the legs with that reference').toBeVisible();
    await expectAccessible(page, 'the palette', (builder) => builder.include('[role="dialog"]'));
    await match.click();
    await expect(page).toHaveURL(`/dashboard/transactions/${completion.uuid}`);
    await expect(page.getByRole('table', { name: 'Leg summary' })).toContainText(completion.referenceNumber);

    await page.getByRole('button', { name: 'Search' }).click();
    await palette.getByRole('textbox').fill('load bal');
    await palette
      .getByRole('button', { name: /Services/ })
      .first()
      .click();
    await expect(page).toHaveURL('/dashboard/load-balancer/services');

    await page.keyboard.press('Control+K');
    await palette.getByRole('textbox').fill('zzzz-nothing');
    await expect(palette.getByText('No transaction with reference zzzz-nothing')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  });
});
