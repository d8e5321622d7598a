import { valueStyle } from './iso8583-view';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { explainIso8583 } from '@web-control/contract/iso8583-explain';
import type { Iso8583Exchange } from '@web-control/contract/iso8583-message';
import { packIso8583, unpackIso8583, type Iso8583Message } from '@web-control/contract/iso8583';
import type { EdgeMessage } from '@web-control/contract/transactions';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency } from '../../../shared/format/currency';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { buildEdgeMessage, buildTransaction } from '../../../test/transactions';
import { formatTrace } from './trace-text';
import { TransactionMessagesPage } from './transaction-messages-page';

const LEG = '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b';
const routes: RouteObject[] = [
  { path: '/dashboard/transactions/:uuid', element: <TransactionMessagesPage /> },
];
const FIELDS = {
  2: '4895370012345671',
  3: '000000',
  4: '21742',
  7: '0203120509',
  11: '000042',
  22: '051',
  37: '406108123456',
  49: '710',
  52: '0123456789ABCDEF',
};

/** An ISO 8583 edge message as the platform answers it: packed (masked), decoded and linked. */
function isoMessage(
  id: string,
  message: Iso8583Message,
  exchange: Iso8583Exchange,
  overrides: Partial<EdgeMessage>,
): EdgeMessage {
  const content = packIso8583(message);
  const timeCreated = overrides.timeCreated ?? '2026-02-03T12:05:09.100Z';
  return buildEdgeMessage({
    id,
    content,
    timeCreated,
    ...overrides,
    iso8583: { ...explainIso8583(unpackIso8583(content), new Date(timeCreated)), exchange },
  });
}

const messages: EdgeMessage[] = [
  isoMessage(
    '1',
    { mti: '0200', fields: FIELDS },
    { role: 'request', counterpartId: '3', late: false },
    {
      messageDesc: 'Financial request (0200)',
      edgeName: 'POS Acquirer',
      edgeType: 'INLET',
      direction: 'RECEIVE',
    },
  ),
  isoMessage(
    '2',
    { mti: '0100', fields: FIELDS },
    { role: 'request', counterpartId: '4', late: false },
    {
      messageDesc: 'Authorisation request (0100)',
      edgeName: 'Visa Base I',
      edgeType: 'OUTLET',
      direction: 'SEND',
      timeCreated: '2026-02-03T12:05:09.103Z',
    },
  ),
  isoMessage(
    '3',
    { mti: '0210', fields: { ...FIELDS, 39: '91' } },
    { role: 'response', counterpartId: '1', late: false },
    {
      messageDesc: 'Financial response (0210)',
      edgeName: 'POS Acquirer',
      edgeType: 'INLET',
      direction: 'SEND',
      timeCreated: '2026-02-03T12:05:14.100Z',
    },
  ),
  isoMessage(
    '4',
    { mti: '0110', fields: { ...FIELDS, 39: '05' } },
    { role: 'response', counterpartId: '2', late: true },
    {
      messageDesc: 'Authorisation response (0110)',
      edgeName: 'Visa Base I',
      edgeType: 'OUTLET',
      direction: 'RECEIVE',
      timeCreated: '2026-02-03T12:05:16.000Z',
    },
  ),
  isoMessage(
    '5',
    { mti: '0420', fields: FIELDS },
    { role: 'request', counterpartId: null, late: false },
    {
      messageDesc: 'Reversal advice (0420)',
      edgeName: 'Visa Base I',
      edgeType: 'OUTLET',
      direction: 'SEND',
      timeCreated: '2026-02-03T12:05:17.000Z',
    },
  ),
];

const leg = {
  transactionLeg: { uuid: LEG, state: 'Timeout', uuidPrev: null, uuidNext: null },
  transaction: buildTransaction({ uuid: LEG, referenceNumber: '406108123456', serviceDesc: 'Purchase' }),
};

async function setup() {
  setRuntimeConfig(TEST_CONFIG);
  const fetch = routeFetch({
    [`GET /api/ecs/transactions/${LEG}`]: () => jsonResponse(200, leg),
    [`GET /api/ecs/transactions/${LEG}/messages`]: () => jsonResponse(200, { messages }),
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  renderRoutes(routes, { path: `/dashboard/transactions/${LEG}` });
  await screen.findByRole('list', { name: 'Message details' });
}

function details(): HTMLElement {
  const items = within(screen.getByRole('list', { name: 'Message details' })).getAllByRole('listitem');
  expect(items).toHaveLength(1);
  return items[0] as HTMLElement;
}

function fieldRow(number: string): string[] {
  const table = within(details()).getByRole('table', { name: 'Fields' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.querySelector('td')?.textContent === number);
  return [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an ISO 8583 message on the trace page', () => {
  it('shows the MTI explained, its bitmap and every field with its name, raw value and meaning', async () => {
    await setup();
    expect(await within(details()).findByText('0200 Financial request')).toBeInTheDocument();
    expect(
      within(details()).getByText('Answered by Financial response (0210) to POS Acquirer'),
    ).toBeInTheDocument();
    expect(within(details()).getByText(messages[0]?.iso8583?.bitmap.primary ?? '-')).toBeInTheDocument();
    expect(fieldRow('2')).toEqual([
      '2',
      'Primary account number',
      '489537******5671',
      'Masked: only the first 6 and last 4 digits are kept',
    ]);
    expect(fieldRow('3')).toEqual([
      '3',
      'Processing code',
      '000000',
      'Goods and services, from default account, to default account',
    ]);
    expect(fieldRow('4')).toEqual(['4', 'Amount, transaction', '000000021742', formatCurrency(21742, 'ZAR')]);
    expect(fieldRow('7')).toEqual([
      '7',
      'Transmission date and time',
      '0203120509',
      formatDateTimeSeconds('2026-02-03T12:05:09Z'),
    ]);
    expect(fieldRow('22')).toEqual([
      '22',
      'Point of service entry mode',
      '051',
      'Chip (integrated circuit card), terminal can accept PINs',
    ]);
    expect(fieldRow('52')).toEqual([
      '52',
      'Personal identification number data',
      '****************',
      'PIN block removed before storage (8 bytes)',
    ]);
    expect(within(details()).getByText('Raw message (masked)')).toBeInTheDocument();
    expect(within(details()).getByText(messages[0]?.content ?? '')).toBeInTheDocument();
    expect(details().textContent).not.toContain('4895370012345671');
  });

  it('keeps a short value whole and its padding as sent, and lets a long one wrap anywhere', async () => {
    await setup();
    await within(details()).findByText('0200 Financial request');
    const pan = within(details()).getByText('489537******5671').closest('td');
    expect(pan).toHaveStyle({ whiteSpace: 'pre-wrap', overflowWrap: 'normal' });
    expect(valueStyle('Canal Walk ATM          Cape Town    ZA')).toMatchObject({ overflowWrap: 'anywhere' });
    expect(valueStyle('000000040000')).toMatchObject({ overflowWrap: 'normal', whiteSpace: 'pre-wrap' });
  });

  it('links a request to its response, and marks the late response and the unanswered request', async () => {
    await setup();
    await userEvent.click(await within(details()).findByRole('button', { name: 'Show its response' }));
    expect(await within(details()).findByText('0210 Financial response')).toBeInTheDocument();
    expect(within(details()).getByText('Response code: 91 Issuer or switch inoperative')).toBeInTheDocument();
    expect(
      within(details()).getByRole('heading', { level: 2 }),
      'the keyboard goes on from the response shown, not from the page',
    ).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: /^Authorisation response \(0110\)/ }));
    expect(await within(details()).findByText('Late response')).toBeInTheDocument();
    expect(
      within(details()).getByText('Late response to Authorisation request (0100) to Visa Base I'),
    ).toBeInTheDocument();
    expect(within(details()).getByText('Response code: 05 Do not honour')).toBeInTheDocument();
    await userEvent.click(within(details()).getByRole('button', { name: 'Show its request' }));
    expect(await within(details()).findByText('0100 Authorisation request')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Reversal advice \(0420\)/ }));
    expect(await within(details()).findByText('Unanswered')).toBeInTheDocument();
    expect(within(details()).getByText('Unanswered request: no response in this leg')).toBeInTheDocument();
  });

  it('copies the decoded, masked trace as text', () => {
    const text = formatTrace(leg.transaction, leg.transactionLeg, messages);
    expect(text).toContain(
      [
        '   MTI: 0200 Financial request',
        '   Answered by message 3',
        `   Bitmap: ${messages[0]?.iso8583?.bitmap.primary ?? ''}`,
        '   Fields:',
        '     2   Primary account number: 489537******5671  (Masked: only the first 6 and last 4 digits are kept)',
      ].join('\n'),
    );
    expect(text).toContain(`     4   Amount, transaction: 000000021742  (${formatCurrency(21742, 'ZAR')})`);
    expect(text).toContain('     7   Transmission date and time: 0203120509  (2026-02-03T12:05:09.000Z)');
    expect(text).toContain('   Late response to message 2');
    expect(text).toContain('   Unanswered request: no response in this leg');
    expect(text).toContain(`   Raw (masked):\n    ${messages[0]?.content ?? ''}`);
    expect(text).not.toContain('4895370012345671');
  });
});
