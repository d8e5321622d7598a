import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken } from './support/api';
import { signInAt } from './support/session';
import { SERVED_SHELL } from './support/constants';

interface ListedTransaction {
  uuid: string;
  referenceNumber: string;
  serviceDesc: string;
  tranState: string;
  receiver: string | null;
}

/** Pages the seeded day never needs more of to hold an approved and a declined purchase. */
const MAX_PAGES = 100;

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin');
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** The newest transaction of the query that matches, paging through the seeded day. */
async function findTransaction(
  request: APIRequestContext,
  query: string,
  matches: (transaction: ListedTransaction) => boolean,
): Promise<ListedTransaction> {
  let latestRecord: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const paging =
      latestRecord === undefined ? '' : `&latestRecord=${latestRecord}&offset=${(page - 1) * 20}`;
    const { transactions } = await apiGet<{ transactions: ListedTransaction[] }>(
      request,
      `/api/ecs/transactions?${query}${paging}`,
    );
    const found = transactions.find(matches);
    if (found) return found;
    if (transactions.length < 20) break;
    latestRecord ??= transactions[0]?.uuid;
  }
  throw new Error(`The seeded day has no transaction for ${query}`);
}

function details(page: Page): Locator {
  return page.getByRole('list', { name: 'Message details' }).getByRole('listitem');
}

function fieldRow(page: Page, number: number): Locator {
  return details(page)
    .getByRole('table', { name: 'Fields' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(number), exact: true }) });
}

async function openTrace(page: Page, uuid: string): Promise<Locator> {
  await signInAt(page, `/dashboard/transactions/${uuid}`, 'support');
  const boxes = page.getByRole('list', { name: 'Edge messages' }).getByRole('button');
  await expect(boxes.first(), 'the first message is selected on load').toHaveAttribute(
    'aria-pressed',
    'true',
  );
  return boxes;
}

test.describe('ISO 8583 messages on the trace page', () => {
  test('a purchase: the acquirer’s 0200 decoded field by field, masked, and linked to its 0210', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const purchase = await findTransaction(
      request,
      'service=purchase',
      (transaction) => transaction.tranState === 'Approved',
    );
    await openTrace(page, purchase.uuid);

    await expect(details(page), 'the selected message').toHaveCount(1);
    await expect(details(page).getByText('0200 Financial request', { exact: true })).toBeVisible();
    await expect(details(page).getByText(/^Bitmap: [0-9A-F]{16}$/), 'the bitmap').toBeVisible();
    await expect(fieldRow(page, 2), 'the PAN keeps its first 6 and last 4').toContainText(
      /Primary account number\d{6}\*{6}\d{4}Masked/,
    );
    await expect(fieldRow(page, 3)).toContainText('Processing code000000Goods and services');
    await expect(fieldRow(page, 4), 'the amount in its currency').toContainText(
      /Amount, transaction\d{12}R\s/,
    );
    await expect(fieldRow(page, 37)).toContainText(`Retrieval reference number${purchase.referenceNumber}`);
    await expect(fieldRow(page, 49)).toContainText('Currency code, transaction710ZAR');
    await expect(details(page).getByText('Raw message (masked)')).toBeVisible();
    await expect(details(page).locator('pre'), 'the raw message as the wire carried it').toHaveText(
      /^0200[0-9A-F]{16}16\d{6}\*{6}\d{4}/,
    );

    await details(page).getByRole('button', { name: 'Show its response' }).click();
    await expect(details(page).getByText('0210 Financial response', { exact: true })).toBeVisible();
    await expect(details(page).getByText('Response code: 00 Approved')).toBeVisible();
    await expect(details(page).getByText(/^Response to Financial request \(0200\) from /)).toBeVisible();

    await page.getByRole('button', { name: 'Copy Trace' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied, 'the copy is decoded').toContain('MTI: 0200 Financial request');
    expect(copied).toMatch(/ {2}2 {3}Primary account number: \d{6}\*{6}\d{4}/);
    expect(copied).toContain('  39  Response code: 00  (Approved)');
  });

  test('a decline: the card network’s 0110 says why, and the acquirer hears the same', async ({
    page,
    request,
  }) => {
    const declined = await findTransaction(
      request,
      'service=purchase',
      (transaction) => transaction.tranState === 'Declined',
    );
    const boxes = await openTrace(page, declined.uuid);
    await boxes.filter({ hasText: 'Authorisation response (0110)' }).click();
    await expect(details(page).getByText('0110 Authorisation response', { exact: true })).toBeVisible();
    const reason = details(page).getByText(
      /^Response code: (05 Do not honour|51 Insufficient funds|54 Expired card|55 Incorrect PIN|61 Exceeds withdrawal amount limit)$/,
    );
    await expect(reason, 'the decline reason in words').toBeVisible();
    const code = ((await reason.textContent()) ?? '').slice(
      'Response code: '.length,
      'Response code: '.length + 2,
    );
    await expect(fieldRow(page, 39)).toContainText(`Response code${code}`);
    await expect(fieldRow(page, 38), 'no authorisation code on a decline').toHaveCount(0);

    await boxes.filter({ hasText: 'Financial response (0210)' }).click();
    await expect(details(page).getByText(new RegExp(`^Response code: ${code} `))).toBeVisible();
  });

  test('a reversal: the unanswered authorisation or its late answer, and the 0420 that reverses it', async ({
    page,
    request,
  }) => {
    const { late, unanswered } = await findTimedOutAuthorisations(request);
    let boxes = await openTrace(page, unanswered.first);
    // The request sent to the network: after the acquirer's own 0100 when the trace shows both.
    await boxes.filter({ hasText: 'Authorisation request (0100)' }).last().click();
    await expect(details(page).getByText('0100 Authorisation request', { exact: true })).toBeVisible();
    await expect(details(page).getByText('Unanswered', { exact: true }), 'no answer came').toBeVisible();
    await expect(details(page).getByText('Unanswered request: no response in this leg')).toBeVisible();
    // The one answer in the leg is the switch's to the terminal: 0210 for a purchase, 0110 for a
    // pre-authorisation (the simulator reverses either).
    await boxes.filter({ hasText: /^(Financial|Authorisation) response \(0[12]10\)/ }).click();
    await expect(details(page).getByText('Response code: 91 Issuer or switch inoperative')).toBeVisible();

    await page.getByRole('link', { name: 'Next leg' }).click();
    await expect(page).toHaveURL(`/dashboard/transactions/${unanswered.reversal}`);
    await expect(details(page).getByText('0420 Reversal advice', { exact: true })).toBeVisible();
    await expect(details(page).getByText('Response code: 68 Response received too late')).toBeVisible();
    await expect(fieldRow(page, 90)).toContainText(
      /Original data elements0100\d{38}Original 0100 Authorisation request, STAN \d{6}, sent /,
    );
    await details(page).getByRole('button', { name: 'Show its response' }).click();
    await expect(details(page).getByText('0430 Reversal advice response', { exact: true })).toBeVisible();

    await page.goto(`/dashboard/transactions/${late.first}`);
    boxes = page.getByRole('list', { name: 'Edge messages' }).getByRole('button');
    // The network's late answer (an authorised purchase also answers its terminal with a 0110).
    await boxes
      .filter({ hasText: 'Authorisation response (0110)' })
      .filter({ hasText: 'Mastercard' })
      .click();
    await expect(
      details(page).getByText('Late response', { exact: true }),
      'the answer after the timeout',
    ).toBeVisible();
    await expect(
      details(page).getByText(/^Late response to Authorisation request \(0100\) to Mastercard Banknet$/),
    ).toBeVisible();
  });
});

interface TracedMessage {
  messageDesc: string;
  iso8583?: { exchange: { late: boolean } } | null;
}

/** Timed-out card authorisations that were reversed: one answered too late, one never answered. */
async function findTimedOutAuthorisations(request: APIRequestContext) {
  const { transactions } = await apiGet<{ transactions: ListedTransaction[] }>(
    request,
    '/api/ecs/transactions?service=reversal&receiver=mastercard-banknet',
  );
  const found: {
    late?: { first: string; reversal: string };
    unanswered?: { first: string; reversal: string };
  } = {};
  for (const reversal of transactions) {
    const { transactionLeg } = await apiGet<{ transactionLeg: { uuidPrev: string } }>(
      request,
      `/api/ecs/transactions/${reversal.uuid}`,
    );
    const { messages } = await apiGet<{ messages: TracedMessage[] }>(
      request,
      `/api/ecs/transactions/${transactionLeg.uuidPrev}/messages`,
    );
    const late = messages.some((message) => message.iso8583?.exchange.late === true);
    found[late ? 'late' : 'unanswered'] ??= { first: transactionLeg.uuidPrev, reversal: reversal.uuid };
  }
  const { late, unanswered } = found;
  if (!late || !unanswered)
    throw new Error('The seeded day needs a late and an unanswered reversed authorisation');
  return { late, unanswered };
}

test.describe('finding a card transaction by what support is given', () => {
  test('the command palette finds it by masked card number and by STAN with its day; the filter by STAN', async ({
    page,
    request,
  }) => {
    const purchase = await findTransaction(
      request,
      'service=purchase',
      (transaction) => transaction.tranState === 'Approved',
    );
    const { transaction } = await apiGet<{
      transaction: { timeStarted: string; serviceData: { base: Array<{ name: string; value: unknown }> } };
    }>(request, `/api/ecs/transactions/${purchase.uuid}`);
    const entry = (name: string) =>
      String(transaction.serviceData.base.find((item) => item.name === name)?.value);
    const card = entry('Card');
    const stan = entry('STAN');
    await signInAt(page, '/dashboard/home', 'support');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('textbox').fill(card);
    await palette
      .getByRole('button', { name: new RegExp(`^${purchase.referenceNumber}`) })
      .first()
      .click();
    await expect(page, 'the card number leads to its transaction').toHaveURL(
      `/dashboard/transactions/${purchase.uuid}`,
    );
    await expect(page.getByRole('table', { name: 'Leg summary' })).toContainText(purchase.referenceNumber);

    // Back to Home, so the STAN's lookup has somewhere to lead from.
    await page.goto('/dashboard/home');
    // The page's served heading shows before the console runs: the shortcut is the console's.
    await expect(page.locator(SERVED_SHELL), 'the console has drawn Home').toHaveCount(0);
    await page.keyboard.press('Control+K');
    const day = new Date(transaction.timeStarted).toLocaleDateString('en-GB');
    await palette.getByRole('textbox').fill(`stan ${stan} ${day}`);
    await palette
      .getByRole('button', { name: new RegExp(`^${purchase.referenceNumber}`) })
      .first()
      .click();
    await expect(page, 'the STAN and its day lead to the transaction').toHaveURL(
      `/dashboard/transactions/${purchase.uuid}`,
    );
    await expect(page.getByRole('table', { name: 'Leg summary' })).toContainText(purchase.referenceNumber);

    // A whole card number is searched nowhere: the palette says why and sends nothing.
    const pan = '4895370012345671';
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await page.keyboard.press('Control+K');
    await palette.getByRole('textbox').fill(pan);
    await expect(
      palette.getByText(
        'A full card number is never searched: give its first 6 and last 4 digits, such as 489537******1234',
      ),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    expect(sent.filter((url) => url.includes(pan))).toEqual([]);

    const localDay = new Date(transaction.timeStarted).toLocaleDateString('sv-SE');
    await page.goto(`/dashboard/transactions?from=${localDay}T00:00&to=${localDay}T23:59`);
    // A STAN not yet whole filters nothing: the list waits for it instead of showing the whole day.
    await page.getByRole('textbox', { name: 'STAN' }).fill(stan.slice(0, 4));
    await expect(page.getByText('Correct or clear the STAN filter to see transactions.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Transactions' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'STAN' }).fill(stan);
    await expect(page).toHaveURL(new RegExp(`stan=${stan}`));
    await expect(
      page.getByText(purchase.referenceNumber).first(),
      'the filter finds it by STAN',
    ).toBeVisible();
  });
});
