import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientStatusOf, clientSummaryOf, type ConfigMap } from '@web-control/contract/config-maps';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { MINUTE_MS } from '../../time.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import type { Actor } from '../audit/audited-change.ts';
import {
  BIN_ROUTING_MAP,
  CURRENCY_CODES_MAP,
  DEMO_CLIENT_IDS,
  RECEIVER_TIMEOUTS_MAP,
  UNSUBSCRIBED_MAP,
} from './seed.ts';
import { createSwitchNodes, type SwitchNodes } from './switch-nodes.ts';

// Signed-in users: only they may review.
const operator: Actor = { userId: randomUUID(), username: 'operator', clientAddress: null };
const approver: Actor = { userId: randomUUID(), username: 'approver', clientAddress: null };

describe.each(TEST_DATABASE_KINDS)('simulated switch nodes on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let nodes: SwitchNodes;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    nodes = createSwitchNodes({
      inject: (request) => app.inject(request),
      service: app.configMaps,
      clock: app.clock,
      log: { warn: (object) => expect.fail(JSON.stringify(object)) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function maps(): Promise<Map<string, ConfigMap>> {
    return new Map((await app.configMaps.listMaps({})).map((map) => [map.id, map]));
  }

  it('fetch, apply and acknowledge the pushed maps as clients; every client status appears', async () => {
    // Push now, on the test clock, so the times below are the test's.
    const edit = app.configMaps;
    await edit.patchMapping(operator, BIN_ROUTING_MAP, '200000', [
      { op: 'test', path: '/value', value: 'local-acquirer' },
      { op: 'replace', path: '/value', value: 'on-us' },
    ]);
    const version = await edit.submit(operator, BIN_ROUTING_MAP, 'Route 200000 on-us');
    await edit.review(approver, BIN_ROUTING_MAP, version.versionId, true, 'Agreed');
    await edit.push(approver);

    expect(await nodes.tick()).toBe(4 * 4 - 1);
    let now = await maps();
    expect(clientSummaryOf(now.get(CURRENCY_CODES_MAP)?.clientVersions ?? [])).toBe('UP_TO_DATE');
    expect(clientSummaryOf(now.get(UNSUBSCRIBED_MAP)?.clientVersions ?? [])).toBe('NO_CLIENTS');
    const timeouts = now.get(RECEIVER_TIMEOUTS_MAP)?.clientVersions ?? [];
    expect(clientSummaryOf(timeouts)).toBe('REJECTED');
    expect(timeouts.find((client) => client.clientId === 'jhb-node-02')).toMatchObject({
      acknowledgedVersionRejected: true,
      clientLogMessage:
        "Cannot parse timeout '30s' for receiver 'airtime-vendor': expected whole milliseconds",
      clientLogTime: app.clock.now().toISOString(),
    });
    const bin = now.get(BIN_ROUTING_MAP)?.clientVersions ?? [];
    expect(Object.fromEntries(bin.map((client) => [client.clientId, clientStatusOf(client)]))).toEqual({
      'cpt-node-01': 'UP_TO_DATE',
      'cpt-node-02': 'PENDING',
      'jhb-node-01': 'UP_TO_DATE',
      'jhb-node-02': 'UP_TO_DATE',
    });
    expect(bin.find((client) => client.clientId === 'jhb-node-01')?.clientLogMessage).toMatch(
      /^Applied version [0-9a-f]{6}: 2000 mappings$/,
    );
    expect(clientSummaryOf(bin)).toBe('PENDING');

    app.clock.advance(6 * MINUTE_MS);
    expect(await nodes.tick()).toBe(0);
    now = await maps();
    expect(clientSummaryOf(now.get(BIN_ROUTING_MAP)?.clientVersions ?? [])).toBe('TOO_OLD');

    app.clock.advance(5 * MINUTE_MS);
    expect(await nodes.tick()).toBe(1);
    now = await maps();
    expect(clientSummaryOf(now.get(BIN_ROUTING_MAP)?.clientVersions ?? [])).toBe('UP_TO_DATE');
    expect(DEMO_CLIENT_IDS).toHaveLength(4);
  });
});
