import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCardNumbers } from '@web-control/contract/iso8583-masking';
import { findCardNumbersInMessage, tryUnpackIso8583 } from '@web-control/contract/iso8583';
import { messagesResponseSchema } from '@web-control/contract/transactions';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TICK_MS } from '../../simulator/engine.ts';
import { writeTransactionHistory } from '../../simulator/seed-transactions.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { DAY_MS } from '../../time.ts';

/** A whole day, so that every receiver's outages and the day's swing are in it; thinly, to stay quick. */
const DAY_END = new Date('2026-03-02T12:00:00Z').getTime();
const TPS = 0.02;

/**
 * The card numbers in every text and number of an answer, each on its own. Two texts are made of
 * others in the same answer and scanned as those: an ISO 8583 message's wire text (its decoded
 * fields) and DE 55 (its EMV elements); read whole, the digits of neighbouring parts touch.
 */
function findCardNumbersInAnswer(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return findCardNumbers(String(value));
  if (Array.isArray(value)) return value.flatMap(findCardNumbersInAnswer);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return Object.entries(record).flatMap(([key, part]) => {
    if (key === 'content' && record.iso8583) return [];
    if (key === 'value' && Array.isArray(record.elements)) return [];
    return findCardNumbersInAnswer(part);
  });
}

describe('card data in a simulated day of traffic', () => {
  let database: DatabaseHandle;
  let app: App;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await writeTransactionHistory(database.db, {
      seed: 11,
      tps: TPS,
      firstTick: DAY_END - DAY_MS + TICK_MS,
      lastTick: DAY_END,
    });
    app = await buildTestApp({ database });
    const viewer = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    token = (await login(app, viewer.username, viewer.password)).access_token;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('stores every card leg as ISO 8583 with no card number in any field, nor in any other message', async () => {
    const messages = await database.db
      .selectFrom('transaction_messages as m')
      .innerJoin('transactions as t', 't.seq', 'm.transaction_seq')
      .select(['m.content', 'm.message_desc', 't.service_type_id'])
      .execute();
    const mtis = new Set<string>();
    let cardMessages = 0;
    for (const message of messages) {
      const iso = tryUnpackIso8583(message.content);
      if (iso === undefined) {
        expect(findCardNumbers(message.content), message.content).toEqual([]);
        continue;
      }
      cardMessages += 1;
      mtis.add(iso.mti);
      expect(findCardNumbersInMessage(iso), message.content).toEqual([]);
      const pan = iso.fields.find((field) => field.number === 2)?.value;
      // Network management (08xx) concerns the link, not a card.
      if (iso.mti.startsWith('08')) {
        expect(pan, message.content).toBeUndefined();
        continue;
      }
      expect(pan, message.content).toMatch(/^\d{6}\*{6}\d{4}$/);
      const track2 = iso.fields.find((field) => field.number === 35)?.value;
      if (track2 !== undefined) expect(track2).toBe(pan);
      const pinBlock = iso.fields.find((field) => field.number === 52)?.value;
      if (pinBlock !== undefined) expect(pinBlock).toBe('*'.repeat(16));
    }
    // Card legs are half the traffic, four or five messages each.
    expect(cardMessages).toBeGreaterThan(messages.length / 4);
    expect([...mtis].sort()).toEqual([
      '0100',
      '0110',
      '0120',
      '0200',
      '0210',
      '0220',
      '0230',
      '0420',
      '0430',
      '0800',
      '0810',
    ]);
  });

  it('answers every trace with no card number in any text, the ISO 8583 ones decoded field by field', async () => {
    const legs = await database.db.selectFrom('transactions').select('uuid').execute();
    const headers = { authorization: `Bearer ${token}` };
    let decoded = 0;
    for (const { uuid } of legs) {
      const leg = await app.inject({ method: 'GET', url: `/api/ecs/transactions/${uuid}`, headers });
      expect(leg.statusCode).toBe(200);
      expect(findCardNumbers(leg.body), leg.body).toEqual([]);
      const answer = await app.inject({
        method: 'GET',
        url: `/api/ecs/transactions/${uuid}/messages`,
        headers,
      });
      expect(findCardNumbersInAnswer(answer.json()), answer.body).toEqual([]);
      const { messages } = messagesResponseSchema.parse(answer.json());
      for (const message of messages) {
        if (!message.iso8583) continue;
        decoded += 1;
        expect(message.iso8583.fields.map((field) => field.number)).toEqual(
          tryUnpackIso8583(message.content)?.fields.map((field) => field.number),
        );
      }
    }
    expect(decoded).toBeGreaterThan(1_000);
  }, 300_000);
});
