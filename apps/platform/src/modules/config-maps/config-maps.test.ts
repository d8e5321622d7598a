import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientMapContentSchema,
  clientMapsResponseSchema,
  configMapSchema,
  DOT_KEY_MESSAGE,
  KEY_EDGE_SPACE_MESSAGE,
  EMPTY_MAPPING_MESSAGE,
  encodeMappingKey,
  JSON_PATCH_CONTENT_TYPE,
  mappingPatchOf,
  mappingsResponseSchema,
  mapsResponseSchema,
  mapVersionSchema,
  MAPPINGS_UPLOAD_MAX_BYTES,
  registerClientResponseSchema,
  uploadMappingsResponseSchema,
  versionsResponseSchema,
  type Mapping,
} from '@web-control/contract/config-maps';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TEST_BIN_ROUTING_ENTRIES, TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { LONE_SURROGATE_MESSAGE } from '@web-control/contract/inputs';
import { FILE_MESSAGES } from './files.ts';
import {
  BIN_ROUTING_MAP,
  CURRENCY_CODES_MAP,
  DEMO_CLIENT_IDS,
  PENDING_REVIEW_MAP,
  UNSUBSCRIBED_MAP,
} from './seed.ts';
import { APPROVAL_MESSAGES } from '../approvals/service.ts';
import { CONFIG_AUDIT_ACTIONS, CONFIG_MESSAGES } from './messages.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = 'operator' | 'approver' | 'admin' | 'viewer' | 'nobody' | 'none';

const BOUNDARY = 'config-maps-test-boundary';

function multipart(content: Buffer | string, fileName = 'mappings.csv', field = 'mappingsFile'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

describe.each(TEST_DATABASE_KINDS)('config maps API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  const tokens = {} as Record<Exclude<Caller, 'none'>, string>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    for (const name of ['operator', 'approver', 'admin'] as const) {
      tokens[name] = (await login(app, name, TEST_DEMO_PASSWORD)).access_token;
    }
    const viewer = await createTestUser(database, ['VIEW_MAPPINGS']);
    tokens.viewer = (await login(app, viewer.username, viewer.password)).access_token;
    const nobody = await createTestUser(database, []);
    tokens.nobody = (await login(app, nobody.username, nobody.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(
    method: Method,
    url: string,
    options: { as?: Caller; payload?: unknown; headers?: Record<string, string> } = {},
  ) {
    const as = options.as ?? 'operator';
    const payload = options.payload;
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as string }),
      headers: { ...(as === 'none' ? {} : { authorization: `Bearer ${tokens[as]}` }), ...options.headers },
    });
  }

  function patch(mapId: string, key: string, from: string, to: string, as: Caller = 'operator') {
    return call('PATCH', `/api/config/maps/${mapId}/mappings/${encodeMappingKey(key)}`, {
      as,
      payload: JSON.stringify(mappingPatchOf(from, to)),
      headers: { 'content-type': JSON_PATCH_CONTENT_TYPE },
    });
  }

  function upload(mapId: string, body: Buffer) {
    return call('PUT', `/api/config/maps/${mapId}/mappings`, {
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
  }

  async function mappings(mapId: string, query = '', as: Caller = 'operator'): Promise<Mapping[]> {
    const response = await call('GET', `/api/config/maps/${mapId}/mappings?page-size=500${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return mappingsResponseSchema.parse(response.json()).mappings;
  }

  async function createMap(id: string, entries: Array<[string, string]> = []): Promise<void> {
    const created = await call('POST', '/api/config/maps', { payload: { id, name: `The ${id} map` } });
    expect(created.statusCode, created.body).toBe(201);
    for (const [key, value] of entries) {
      const added = await call('POST', `/api/config/maps/${id}/mappings`, { payload: { key, value } });
      expect(added.statusCode, added.body).toBe(204);
    }
  }

  async function submit(mapId: string, comment = 'Please review', as: Caller = 'operator') {
    const response = await call('POST', `/api/config/maps/${mapId}/versions`, { as, payload: { comment } });
    expect(response.statusCode, response.body).toBe(201);
    return mapVersionSchema.parse(response.json());
  }

  function review(mapId: string, versionId: string, approved: boolean, as: Caller = 'approver') {
    return call('POST', `/api/config/maps/${mapId}/versions/${versionId}/reviews`, {
      as,
      payload: { approved, comment: approved ? 'Looks right' : 'Not like this' },
    });
  }

  async function getMap(mapId: string) {
    const response = await call('GET', `/api/config/maps/${mapId}`);
    expect(response.statusCode, response.body).toBe(200);
    return configMapSchema.parse(response.json());
  }

  async function auditActions(action: string) {
    return app.services.audit.listRecent(database.db, { action, limit: 50 });
  }

  it('asks for VIEW_MAPPINGS to read, EDIT_MAPPINGS to edit, APPROVE_MAPS to review and PUSH_MAPS to push', async () => {
    const map = `/api/config/maps/${CURRENCY_CODES_MAP}`;
    const reads = ['/api/config/maps', map, `${map}/versions`, `${map}/mappings`];
    for (const url of reads) {
      expect((await call('GET', url, { as: 'none' })).statusCode, url).toBe(401);
      expect((await call('GET', url, { as: 'nobody' })).statusCode, url).toBe(403);
      expect((await call('GET', url, { as: 'viewer' })).statusCode, url).toBe(200);
    }
    const edits: Array<[Method, string, unknown]> = [
      ['POST', '/api/config/maps', { id: 'viewer-map', name: 'Viewer map' }],
      ['POST', `${map}/mappings`, { key: 'k', value: 'v' }],
      ['DELETE', `${map}/mappings/840`, undefined],
      ['POST', `${map}/versions`, { comment: 'c' }],
    ];
    for (const [method, url, payload] of edits) {
      expect((await call(method, url, { as: 'viewer', payload })).statusCode, url).toBe(403);
      expect((await call(method, url, { as: 'approver', payload })).statusCode, url).toBe(403);
    }
    const versions = versionsResponseSchema.parse(
      (await call('GET', `/api/config/maps/${PENDING_REVIEW_MAP}/versions?state=submitted`)).json(),
    ).versions;
    const pending = versions[0]?.versionId ?? '';
    expect((await review(PENDING_REVIEW_MAP, pending, true, 'operator')).statusCode).toBe(403);
    expect((await review(PENDING_REVIEW_MAP, pending, true, 'viewer')).statusCode).toBe(403);
    expect((await call('POST', '/api/config/maps/push', { as: 'operator' })).statusCode).toBe(403);
    expect((await call('GET', '/api/config/clients', { as: 'operator' })).statusCode).toBe(403);
  });

  it('lists the demo maps: the BIN routing map, a review pending from the operator, a map nobody subscribes to', async () => {
    const response = await call('GET', '/api/config/maps');
    const maps = mapsResponseSchema.parse(response.json()).maps;
    const byId = new Map(maps.map((map) => [map.id, map]));
    expect([...byId.keys()]).toEqual(
      expect.arrayContaining([BIN_ROUTING_MAP, PENDING_REVIEW_MAP, CURRENCY_CODES_MAP, UNSUBSCRIBED_MAP]),
    );
    expect(byId.get(UNSUBSCRIBED_MAP)?.clientVersions).toEqual([]);
    expect(
      byId
        .get(BIN_ROUTING_MAP)
        ?.clientVersions.map((client) => client.clientId)
        .sort(),
    ).toEqual([...DEMO_CLIENT_IDS].sort());
    const pending = byId.get(PENDING_REVIEW_MAP);
    expect(pending?.pendingReview).toBe(true);
    expect(pending?.latestSubmittedVersion?.userId).toBe('operator');
    expect(Date.parse(pending?.latestSubmittedVersion?.timeSubmitted ?? '')).toBeGreaterThan(
      Date.parse(pending?.appliedVersion?.timeApproved ?? ''),
    );
    const onlyPending = mapsResponseSchema.parse(
      (await call('GET', '/api/config/maps?only-pending-review=true', { as: 'approver' })).json(),
    ).maps;
    expect(onlyPending.map((map) => map.id)).toEqual([PENDING_REVIEW_MAP]);

    const bin = await mappings(BIN_ROUTING_MAP, '&version=applied&version-from=applied');
    expect(bin).toHaveLength(500);
    const count = await database.db
      .selectFrom('config_map_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('map_id', '=', BIN_ROUTING_MAP)
      .where('to_seq', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(TEST_BIN_ROUTING_ENTRIES);
    const history = versionsResponseSchema.parse(
      (await call('GET', `/api/config/maps/${BIN_ROUTING_MAP}/versions?state=applied`)).json(),
    ).versions;
    expect(history.length).toBeGreaterThanOrEqual(3);
  });

  it('gives each mapping its state against the applied version, with the previous value', async () => {
    await createMap('states', [
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ]);
    const first = await submit('states');
    expect((await review('states', first.versionId, true)).statusCode).toBe(200);
    expect((await patch('states', 'a', '1', '10')).statusCode).toBe(204);
    expect((await call('DELETE', '/api/config/maps/states/mappings/b')).statusCode).toBe(204);
    expect(
      (await call('POST', '/api/config/maps/states/mappings', { payload: { key: 'd', value: '4' } }))
        .statusCode,
    ).toBe(204);
    expect(await mappings('states')).toEqual([
      { key: 'a', value: '10', state: 'updated', previousValue: '1' },
      { key: 'b', value: null, state: 'deleted', previousValue: '2' },
      { key: 'c', value: '3', state: 'unchanged', previousValue: null },
      { key: 'd', value: '4', state: 'added', previousValue: null },
    ]);
    expect((await mappings('states', '&updates-only=true')).map((mapping) => mapping.key)).toEqual([
      'a',
      'b',
      'd',
    ]);
    expect(await mappings('states', '&version=applied')).toEqual([
      { key: 'a', value: '1', state: 'unchanged', previousValue: null },
      { key: 'b', value: '2', state: 'unchanged', previousValue: null },
      { key: 'c', value: '3', state: 'unchanged', previousValue: null },
    ]);
    // A change set back to the value before it is no change at all.
    expect((await patch('states', 'a', '10', '1')).statusCode).toBe(204);
    expect((await mappings('states', '&updates-only=true')).map((mapping) => mapping.key)).toEqual([
      'b',
      'd',
    ]);
    expect((await mappings('states', '&value-prefix=4')).map((mapping) => mapping.key)).toEqual(['d']);
    expect((await mappings('states', '&key-prefix=c')).map((mapping) => mapping.key)).toEqual(['c']);
    expect((await getMap('states')).unsubmittedChanges).toBe(true);
  });

  it('bundles an unreviewed submission with the next one; nobody reviews their own; the newest version is reviewed', async () => {
    await createMap('bundle', [['x', '1']]);
    const base = await submit('bundle');
    expect((await review('bundle', base.versionId, true)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/config/maps/bundle/versions', { payload: { comment: 'nothing' } }))
        .statusCode,
    ).toBe(409);

    await call('POST', '/api/config/maps/bundle/mappings', { payload: { key: 'y', value: '2' } });
    const older = await submit('bundle', 'First part');
    await patch('bundle', 'x', '1', '11');
    // Unsubmitted changes compare against the newest submitted version.
    expect(await mappings('bundle', '&version-from=submitted&updates-only=true')).toEqual([
      { key: 'x', value: '11', state: 'updated', previousValue: '1' },
    ]);
    const newer = await submit('bundle', 'Second part');
    const submitted = versionsResponseSchema.parse(
      (await call('GET', '/api/config/maps/bundle/versions?state=submitted')).json(),
    ).versions;
    expect(submitted.map((version) => version.comment)).toEqual(['Second part', 'First part']);
    // The review's changes: the newest submitted version against the applied one.
    expect(await mappings('bundle', `&version=${newer.versionId}&updates-only=true`)).toEqual([
      { key: 'x', value: '11', state: 'updated', previousValue: '1' },
      { key: 'y', value: '2', state: 'added', previousValue: null },
    ]);

    const stale = await review('bundle', older.versionId, true);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorMessage: CONFIG_MESSAGES.newerSubmission });
    const own = await review('bundle', newer.versionId, true, 'operator');
    expect(own.statusCode).toBe(403);
    // The admin may approve, but not a bundle holding their own submission.
    await call('POST', '/api/config/maps/bundle/mappings', {
      as: 'admin',
      payload: { key: 'z', value: '3' },
    });
    const admins = await submit('bundle', 'Admin part', 'admin');
    expect((await review('bundle', admins.versionId, true, 'admin')).statusCode).toBe(403);

    const approved = await review('bundle', admins.versionId, true);
    expect(approved.statusCode, approved.body).toBe(200);
    const afterApproval = versionsResponseSchema.parse(
      (await call('GET', '/api/config/maps/bundle/versions')).json(),
    );
    expect(afterApproval.versions.map((version) => version.state)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    expect((await getMap('bundle')).appliedVersion?.versionId).toBe(admins.versionId);
    expect(await mappings('bundle', '&version=applied&version-from=applied')).toEqual([
      { key: 'x', value: '11', state: 'unchanged', previousValue: null },
      { key: 'y', value: '2', state: 'unchanged', previousValue: null },
      { key: 'z', value: '3', state: 'unchanged', previousValue: null },
    ]);
    // A review runs once.
    expect((await review('bundle', admins.versionId, false)).statusCode).toBe(409);
    expect((await auditActions(CONFIG_AUDIT_ACTIONS.approved)).some((row) => row.actor === 'approver')).toBe(
      true,
    );
  });

  it('refuses a review by whoever made any of its changes, whoever submitted them, and applies nothing', async () => {
    await createMap('authored', [['a', '1']]);
    const base = await submit('authored');
    expect((await review('authored', base.versionId, true)).statusCode).toBe(200);
    // The admin's change waits, shared, until the operator submits it with their own.
    const added = await call('POST', '/api/config/maps/authored/mappings', {
      as: 'admin',
      payload: { key: 'b', value: '2' },
    });
    expect(added.statusCode, added.body).toBe(204);
    await call('POST', '/api/config/maps/authored/mappings', { payload: { key: 'c', value: '3' } });
    const submitted = await submit('authored', 'Both changes');
    expect(submitted.authors).toEqual(['admin', 'operator']);

    for (const approved of [true, false]) {
      const own = await review('authored', submitted.versionId, approved, 'admin');
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json()).toMatchObject({ errorMessage: APPROVAL_MESSAGES.ownChanges });
    }
    expect((await getMap('authored')).appliedVersion?.versionId).toBe(base.versionId);
    expect(await mappings('authored', '&version=applied&version-from=applied')).toEqual([
      { key: 'a', value: '1', state: 'unchanged', previousValue: null },
    ]);
    const pending = versionsResponseSchema.parse(
      (await call('GET', '/api/config/maps/authored/versions?state=submitted')).json(),
    ).versions;
    expect(pending.map((version) => [version.versionId, version.authors])).toEqual([
      [submitted.versionId, ['admin', 'operator']],
    ]);

    // Changes all made by others: the approver may approve them.
    const approved = await review('authored', submitted.versionId, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mappings('authored', '&version=applied&version-from=applied')).toEqual([
      { key: 'a', value: '1', state: 'unchanged', previousValue: null },
      { key: 'b', value: '2', state: 'unchanged', previousValue: null },
      { key: 'c', value: '3', state: 'unchanged', previousValue: null },
    ]);
  });

  it('rejecting discards every change since the applied version, unsubmitted ones too', async () => {
    await createMap('rejects', [['k', 'v']]);
    const base = await submit('rejects');
    await review('rejects', base.versionId, true);
    await patch('rejects', 'k', 'v', 'w');
    const proposal = await submit('rejects');
    await call('POST', '/api/config/maps/rejects/mappings', { payload: { key: 'late', value: 'change' } });
    const rejected = await review('rejects', proposal.versionId, false);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(mapVersionSchema.parse(rejected.json())).toMatchObject({
      state: 'rejected',
      reviewedBy: 'approver',
    });
    expect(await mappings('rejects')).toEqual([
      { key: 'k', value: 'v', state: 'unchanged', previousValue: null },
    ]);
    const map = await getMap('rejects');
    expect(map).toMatchObject({ pendingReview: false, unsubmittedChanges: false });
    expect(map.latestSubmittedVersion?.versionId).toBe(base.versionId);
    const gone = await call('GET', `/api/config/maps/rejects/mappings?version=${proposal.versionId}`);
    expect(gone.statusCode).toBe(409);
    expect((await auditActions(CONFIG_AUDIT_ACTIONS.rejected)).length).toBeGreaterThan(0);
  });

  it('a new map is a change to submit until its first version: empty, it is submitted; nothing new after is refused', async () => {
    await createMap('fresh');
    expect(await getMap('fresh')).toMatchObject({ unsubmittedChanges: true, pendingReview: false });
    const first = await submit('fresh');
    expect(await getMap('fresh')).toMatchObject({ unsubmittedChanges: false, pendingReview: true });
    const again = await call('POST', '/api/config/maps/fresh/versions', { payload: { comment: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorMessage: CONFIG_MESSAGES.nothingToSubmit });
    expect((await getMap('fresh')).latestSubmittedVersion?.versionId, 'the review as it was').toBe(
      first.versionId,
    );
  });

  it('two racing reviews resolve to one', async () => {
    await createMap('race', [['r', '1']]);
    const version = await submit('race');
    const answers = await Promise.all([
      review('race', version.versionId, true, 'approver'),
      review('race', version.versionId, false, 'admin'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const states = versionsResponseSchema.parse((await call('GET', '/api/config/maps/race/versions')).json());
    expect(states.versions).toHaveLength(1);
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect(states.versions[0]?.state).toBe(mapVersionSchema.parse(winner?.json()).state);
  });

  it('refuses a JSON patch whose test fails with 409 and changes nothing', async () => {
    await createMap('patches', [['p', 'old']]);
    expect((await patch('patches', 'p', 'old', 'mine')).statusCode).toBe(204);
    const lost = await patch('patches', 'p', 'old', 'theirs');
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({
      errorMessage: CONFIG_MESSAGES.mappingChanged('p'),
      details: { current: { key: 'p', value: 'mine' } },
    });
    expect((await mappings('patches'))[0]?.value).toBe('mine');
    const plainJson = await call('PATCH', '/api/config/maps/patches/mappings/p', {
      payload: mappingPatchOf('mine', 'x'),
    });
    expect(plainJson.statusCode).toBe(415);
    const emptyValue = await patch('patches', 'p', 'mine', '');
    expect(emptyValue.statusCode).toBe(400);
    expect((await patch('patches', 'missing', 'a', 'b')).statusCode).toBe(404);
    const duplicate = await call('POST', '/api/config/maps/patches/mappings', {
      payload: { key: 'p', value: 'v' },
    });
    expect(duplicate.statusCode).toBe(409);
    const empty = await call('POST', '/api/config/maps/patches/mappings', {
      payload: { key: '', value: 'v' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Neither key nor value can be empty strings.');
  });

  it('refuses keys and values that are empty after trimming with the specification’s text, changing nothing', async () => {
    await createMap('blanks', [['k', 'v']]);
    const before = await mappings('blanks');
    const refusals = [
      await call('POST', '/api/config/maps/blanks/mappings', { payload: { key: '   ', value: 'v' } }),
      await call('POST', '/api/config/maps/blanks/mappings', { payload: { key: 'n', value: ' \t\n' } }),
      await patch('blanks', 'k', 'v', '  '),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ message: EMPTY_MAPPING_MESSAGE })],
      });
    }
    expect(await mappings('blanks')).toEqual(before);
  });

  it('takes keys with any character, URL-encoded in the path', async () => {
    const keys = [
      'a/b',
      '50%',
      'what?',
      '#1',
      'two words',
      'plus+sign',
      'ключ',
      '🙂 smile',
      '...',
      '.x',
      'tab\there',
      'quote\'"',
      'back\\slash',
    ];
    await createMap(
      'odd-keys',
      keys.map((key, index) => [key, `v${index}`]),
    );
    for (const [index, key] of keys.entries()) {
      expect((await patch('odd-keys', key, `v${index}`, `w${index}`)).statusCode, key).toBe(204);
    }
    const listed = await mappings('odd-keys');
    expect(listed.map((mapping) => mapping.key).sort()).toEqual([...keys].sort());
    expect(listed.every((mapping) => mapping.value?.startsWith('w') === true)).toBe(true);
    expect(
      (await mappings('odd-keys', `&key-prefix=${encodeURIComponent('50%')}`)).map((m) => m.key),
    ).toEqual(['50%']);
    expect((await mappings('odd-keys', `&key-prefix=${encodeURIComponent('🙂')}`)).map((m) => m.key)).toEqual(
      ['🙂 smile'],
    );
    for (const key of keys) {
      const deleted = await call('DELETE', `/api/config/maps/odd-keys/mappings/${encodeMappingKey(key)}`);
      expect(deleted.statusCode, key).toBe(204);
    }
    expect(await mappings('odd-keys')).toEqual([]);
    const dots = await call('POST', '/api/config/maps/odd-keys/mappings', {
      payload: { key: '..', value: 'v' },
    });
    expect(dots.statusCode).toBe(400);
    expect(dots.body).toContain(DOT_KEY_MESSAGE);
    await createMap('lookalikes', [['plain', 'v']]);
    const lookalike = await call('POST', '/api/config/maps/lookalikes/mappings', {
      payload: { key: ' plain', value: 'lookalike' },
    });
    expect(lookalike.statusCode).toBe(400);
    expect(lookalike.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'key', message: KEY_EDGE_SPACE_MESSAGE })],
    });
    expect((await mappings('lookalikes')).map((mapping) => mapping.key)).toEqual(['plain']);
  });

  it('upload replaces the whole map as unsubmitted changes; a refused file changes nothing', async () => {
    await createMap('uploads', [
      ['keep', 'same'],
      ['change', 'before'],
      ['drop', 'gone'],
    ]);
    const base = await submit('uploads');
    await review('uploads', base.versionId, true);
    const accepted = await upload(
      'uploads',
      multipart('key,value\r\nkeep,same\r\nchange,after\r\nnew,"with, comma"\r\n\'=formula,x\r\n'),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(uploadMappingsResponseSchema.parse(accepted.json())).toEqual({
      mappingCount: 4,
      added: 2,
      updated: 1,
      deleted: 1,
    });
    const before = await mappings('uploads');
    expect(before).toEqual([
      { key: '=formula', value: 'x', state: 'added', previousValue: null },
      { key: 'change', value: 'after', state: 'updated', previousValue: 'before' },
      { key: 'drop', value: null, state: 'deleted', previousValue: 'gone' },
      { key: 'keep', value: 'same', state: 'unchanged', previousValue: null },
      { key: 'new', value: 'with, comma', state: 'added', previousValue: null },
    ]);

    const refusals: Array<[string, Buffer, number, string]> = [
      [
        'duplicate',
        multipart('key,value\na,1\nb,2\na,3\n'),
        400,
        FILE_MESSAGES.duplicate('a', 'Line 2', 'Line 4'),
      ],
      ['empty key', multipart('key,value\n,1\n'), 400, FILE_MESSAGES.row('Line 2', EMPTY_MAPPING_MESSAGE)],
      ['empty value', multipart('key,value\na,\n'), 400, FILE_MESSAGES.row('Line 2', EMPTY_MAPPING_MESSAGE)],
      [
        'blank key',
        multipart('key,value\n"  ",1\n'),
        400,
        FILE_MESSAGES.row('Line 2', EMPTY_MAPPING_MESSAGE),
      ],
      [
        'blank value',
        multipart('key,value\na,\t \n'),
        400,
        FILE_MESSAGES.row('Line 2', EMPTY_MAPPING_MESSAGE),
      ],
      [
        'blank JSON value',
        multipart(JSON.stringify([{ key: 'a', value: ' ' }]), 'm.json'),
        400,
        FILE_MESSAGES.row('Entry 1', EMPTY_MAPPING_MESSAGE),
      ],
      [
        'lone surrogate',
        multipart('[{"key": "\\ud800", "value": "a"}]', 'm.json'),
        400,
        FILE_MESSAGES.row('Entry 1', LONE_SURROGATE_MESSAGE),
      ],
      [
        'encoding',
        multipart(Buffer.from([0x6b, 0x65, 0x79, 0x2c, 0x76, 0x0a, 0xff, 0xfe, 0x2c, 0x31])),
        400,
        FILE_MESSAGES.encoding(6),
      ],
      ['header', multipart('name,value\na,1\n'), 400, FILE_MESSAGES.csvHeader],
      ['json', multipart('[{"key": "a"}]', 'm.json'), 400, FILE_MESSAGES.jsonEntry(1)],
      ['field', multipart('key,value\na,1\n', 'm.csv', 'other'), 400, "field 'mappingsFile'"],
      ['size', multipart(Buffer.alloc(MAPPINGS_UPLOAD_MAX_BYTES + 1, 'a')), 413, 'larger than the limit'],
    ];
    for (const [name, body, status, message] of refusals) {
      const refused = await upload('uploads', body);
      expect(refused.statusCode, name).toBe(status);
      expect(refused.body, name).toContain(message.replaceAll('"', '\\"'));
      expect(await mappings('uploads'), name).toEqual(before);
    }
    const json = await upload(
      'uploads',
      multipart(JSON.stringify([{ key: 'only', value: 'one' }]), 'm.json'),
    );
    expect(json.statusCode, json.body).toBe(200);
    expect((await mappings('uploads')).filter((mapping) => mapping.value !== null).map((m) => m.key)).toEqual(
      ['only'],
    );
    const uploads = await auditActions(CONFIG_AUDIT_ACTIONS.mappingsUploaded);
    expect(uploads.filter((row) => row.outcome === 'refused').length).toBeGreaterThanOrEqual(
      refusals.length - 2,
    );
  });

  it('reads the multipart body: the first mappingsFile part, with or without a file name, byte for byte', async () => {
    await createMap('multipart', [['old', 'gone']]);
    const parts = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"; filename="x.csv"\r\n\r\nkey,value\r\nx,1\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mappingsFile"\r\n\r\nkey,value\r\ncafé,crème\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mappingsFile"; filename="b.csv"\r\n\r\nkey,value\r\nb,2\r\n` +
        `--${BOUNDARY}--\r\n`,
    );
    const accepted = await upload('multipart', parts);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const uploaded = (await mappings('multipart')).filter((mapping) => mapping.value !== null);
    expect(uploaded.map((mapping) => [mapping.key, mapping.value])).toEqual([['café', 'crème']]);

    const before = await mappings('multipart');
    const noFile = "Send the mappings file as multipart/form-data in the field 'mappingsFile'.";
    const refusals: Array<[string, Record<string, string>, string | Buffer]> = [
      [
        'cut short',
        { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        `--${BOUNDARY}\r\nno end`,
      ],
      ['no boundary', { 'content-type': 'multipart/form-data' }, multipart('key,value\na,1\n')],
      ['empty', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, ''],
      ['json', { 'content-type': 'application/json' }, '{"mappingsFile":"key,value\\na,1\\n"}'],
    ];
    for (const [name, headers, payload] of refusals) {
      const refused = await call('PUT', '/api/config/maps/multipart/mappings', { headers, payload });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json(), name).toMatchObject({ errorMessage: noFile });
      expect(await mappings('multipart'), name).toEqual(before);
    }
    const tooLarge = await upload('multipart', multipart(Buffer.alloc(MAPPINGS_UPLOAD_MAX_BYTES + 1, 'a')));
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([
      413,
      { errorMessage: 'The file is larger than the limit of 20 MiB.', code: 'PAYLOAD_TOO_LARGE' },
    ]);
  });

  it('replays an upload with the same Idempotency-Key and file; another file under that key is refused', async () => {
    await createMap('upload-once');
    const send = (content: string) =>
      call('PUT', '/api/config/maps/upload-once/mappings', {
        payload: multipart(content),
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'idempotency-key': 'config-maps-upload-once',
        },
      });
    const first = await send('key,value\na,1\n');
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send('key,value\na,1\n');
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json()]).toEqual([
      200,
      'true',
      first.json(),
    ]);
    const other = await send('key,value\nb,2\n');
    expect(other.statusCode, other.body).toBe(422);
    expect((await mappings('upload-once')).map((mapping) => mapping.key)).toEqual(['a']);
  });

  it('downloads csv or json named after the map id, as an attachment, round-tripping through upload', async () => {
    await createMap('downloads', [
      ['=sum', '-1'],
      ['plain', 'a "quoted", value'],
    ]);
    for (const format of ['csv', 'json'] as const) {
      const response = await call('GET', `/api/config/maps/downloads/mappings?download-format=${format}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="downloads.${format}"; filename*=UTF-8''downloads.${format}`,
      );
      if (format === 'csv') {
        expect(response.body).toBe('key,value\r\n\'=sum,\'-1\r\nplain,"a ""quoted"", value"\r\n');
      } else {
        expect(JSON.parse(response.body)).toEqual([
          { key: '=sum', value: '-1' },
          { key: 'plain', value: 'a "quoted", value' },
        ]);
      }
      const again = await upload('downloads', multipart(response.rawPayload, `downloads.${format}`));
      expect(again.statusCode, again.body).toBe(200);
      expect(uploadMappingsResponseSchema.parse(again.json())).toMatchObject({
        added: 2,
        updated: 0,
        deleted: 0,
      });
    }
    expect((await call('GET', '/api/config/maps/nope/mappings?download-format=csv')).statusCode).toBe(404);
  });

  it('downloads the changes with the deleted rows, marked, and each value before', async () => {
    await createMap('change-files', [
      ['gone', 'old, "quoted"'],
      ['kept', '1'],
      ['moved', 'a'],
    ]);
    const version = await submit('change-files');
    expect((await review('change-files', version.versionId, true)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/config/maps/change-files/mappings/gone')).statusCode).toBe(204);
    expect((await patch('change-files', 'moved', 'a', 'b')).statusCode).toBe(204);
    await call('POST', '/api/config/maps/change-files/mappings', { payload: { key: 'new', value: 'n' } });
    const download = (format: string) =>
      call('GET', `/api/config/maps/change-files/mappings?updates-only=true&download-format=${format}`);
    expect((await download('csv')).body).toBe(
      [
        'key,value,state,previousValue',
        'gone,,deleted,"old, ""quoted"""',
        'moved,b,updated,a',
        'new,n,added,',
        '',
      ].join('\r\n'),
    );
    expect(JSON.parse((await download('json')).body)).toEqual([
      { key: 'gone', value: null, state: 'deleted', previousValue: 'old, "quoted"' },
      { key: 'moved', value: 'b', state: 'updated', previousValue: 'a' },
      { key: 'new', value: 'n', state: 'added', previousValue: null },
    ]);
  });

  it('pages through the returned nextPage, previousPage and firstPage URLs', async () => {
    const first = await call(
      'GET',
      `/api/config/maps/${CURRENCY_CODES_MAP}/mappings?page-size=10&version=applied`,
    );
    const page1 = mappingsResponseSchema.parse(first.json());
    expect(page1.mappings).toHaveLength(10);
    expect(page1.paging.previousPage).toBeNull();
    const page2 = mappingsResponseSchema.parse((await call('GET', page1.paging.nextPage ?? '')).json());
    expect((page2.mappings[0]?.key ?? '') > (page1.mappings.at(-1)?.key ?? '')).toBe(true);
    const page3 = mappingsResponseSchema.parse((await call('GET', page2.paging.nextPage ?? '')).json());
    expect(page3.mappings).toHaveLength(10);
    expect(page3.paging.nextPage).toBeNull();
    const back = mappingsResponseSchema.parse((await call('GET', page3.paging.previousPage ?? '')).json());
    expect(back.mappings).toEqual(page2.mappings);
    const backAgain = mappingsResponseSchema.parse(
      (await call('GET', back.paging.previousPage ?? '')).json(),
    );
    expect(backAgain.mappings).toEqual(page1.mappings);
    expect(backAgain.paging.previousPage).toBeNull();
    expect(page3.paging.firstPage).toBe(
      `/api/config/maps/${CURRENCY_CODES_MAP}/mappings?version=applied&page-size=10`,
    );
  });

  it('pages through the changes of several versions in key order, both ways', async () => {
    await createMap('change-pages', [
      ['k1', '1'],
      ['k2', '2'],
      ['k3', '3'],
      ['k4', '4'],
      ['k5', '5'],
    ]);
    const base = await submit('change-pages');
    expect((await review('change-pages', base.versionId, true)).statusCode).toBe(200);
    // One submitted version waiting for review and unsubmitted changes after it: two seqs of changes.
    await call('POST', '/api/config/maps/change-pages/mappings', { payload: { key: 'k0', value: '0' } });
    await patch('change-pages', 'k2', '2', '22');
    await submit('change-pages');
    await call('DELETE', '/api/config/maps/change-pages/mappings/k4');
    await patch('change-pages', 'k5', '5', '55');
    await call('POST', '/api/config/maps/change-pages/mappings', { payload: { key: 'k6', value: '6' } });
    const page = async (path: string) => mappingsResponseSchema.parse((await call('GET', path)).json());
    const keys = (answer: { mappings: Mapping[] }) => answer.mappings.map((mapping) => mapping.key);
    const page1 = await page('/api/config/maps/change-pages/mappings?updates-only=true&page-size=2');
    expect(keys(page1)).toEqual(['k0', 'k2']);
    const page2 = await page(page1.paging.nextPage ?? '');
    expect(keys(page2)).toEqual(['k4', 'k5']);
    const page3 = await page(page2.paging.nextPage ?? '');
    expect(keys(page3)).toEqual(['k6']);
    expect(page3.paging.nextPage).toBeNull();
    expect(keys(await page(page3.paging.previousPage ?? ''))).toEqual(['k4', 'k5']);
    expect(page2.paging.previousPage).not.toBeNull();
    expect(keys(await page(page2.paging.previousPage ?? ''))).toEqual(['k0', 'k2']);
    // Only the unsubmitted ones: against the newest submitted version.
    expect(
      keys(await page('/api/config/maps/change-pages/mappings?updates-only=true&version-from=submitted')),
    ).toEqual(['k4', 'k5', 'k6']);
  });

  it('creates a map with a valid, unique id (at most 32 characters) and a name (at most 128)', async () => {
    const create = (payload: unknown) => call('POST', '/api/config/maps', { payload });
    expect((await create({ id: 'Bad Id', name: 'Bad' })).statusCode).toBe(400);
    const refusal = async (payload: unknown) => (await create(payload)).json<{ details: unknown }>().details;
    expect(await refusal({ id: 'no-name' })).toEqual([
      { location: 'body', field: 'name', message: 'This is a required field' },
    ]);
    expect(await refusal({ id: 'x'.repeat(33), name: 'Long id' })).toEqual([
      { location: 'body', field: 'id', message: 'Must not exceed 32 characters' },
    ]);
    expect(await refusal({ id: 'long-name', name: 'n'.repeat(129) })).toEqual([
      { location: 'body', field: 'name', message: 'Must not exceed 128 characters' },
    ]);
    const name = `Card routing for ${'the national switch '.repeat(5)}`.trim();
    expect(name.length).toBeGreaterThan(64);
    expect((await create({ id: 'x'.repeat(32), name })).json()).toEqual({ id: 'x'.repeat(32), name });
    const listed = mapsResponseSchema.parse((await call('GET', '/api/config/maps')).json());
    expect(listed.maps.find((map) => map.id === 'x'.repeat(32))?.name).toBe(name);
    const taken = await create({ id: CURRENCY_CODES_MAP, name: 'Another' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorMessage: `A map with id '${CURRENCY_CODES_MAP}' already exists.`,
      // The field the console marks.
      details: [
        { location: 'body', field: 'id', message: `A map with id '${CURRENCY_CODES_MAP}' already exists.` },
      ],
    });
    // A name another map has, in any case, is refused at the name: cards and reviews show names.
    const sameName = await create({ id: 'second-long-name', name: name.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      details: [
        {
          location: 'body',
          field: 'name',
          message: `A map named '${name.toUpperCase()}' already exists.`,
        },
      ],
    });
    expect(
      mapsResponseSchema
        .parse((await call('GET', '/api/config/maps')).json())
        .maps.some((map) => map.id === 'second-long-name'),
      'and nothing was created',
    ).toBe(false);
    // Two creates of one name at once: one is created, the other refused.
    const racing = await Promise.all([
      create({ id: 'twin-a', name: 'Twin routing' }),
      create({ id: 'twin-b', name: 'TWIN ROUTING' }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // Nor does a map id or name hold a card number.
    expect(await refusal({ id: '4111111111111111', name: 'Cards' })).toEqual([
      { location: 'body', field: 'id', message: 'A map id must not hold a card number.' },
    ]);
    expect(await refusal({ id: 'cards', name: 'Card 4111 1111 1111 1111' })).toEqual([
      { location: 'body', field: 'name', message: 'A map name must not hold a card number.' },
    ]);
    expect((await call('GET', '/api/config/maps/unknown-map')).json()).toMatchObject({
      errorMessage: 'Can not find the map for unknown-map',
    });
  });

  it('replays a mutating call with the same Idempotency-Key and changes nothing more', async () => {
    await createMap('idempotent');
    const send = () =>
      call('POST', '/api/config/maps/idempotent/mappings', {
        payload: { key: 'once', value: '1' },
        headers: { 'idempotency-key': 'config-maps-once-1' },
      });
    expect((await send()).statusCode).toBe(204);
    const replay = await send();
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await mappings('idempotent')).toHaveLength(1);
  });

  it('clients fetch the pushed version and acknowledge it; each client status appears', async () => {
    await createMap('client-map', [['c', '1']]);
    const v1 = await submit('client-map');
    await review('client-map', v1.versionId, true);
    const registered = await call('PUT', '/api/config/clients/node-x', {
      as: 'approver',
      payload: { maps: ['client-map'] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { clientSecret } = registerClientResponseSchema.parse(registered.json());
    const stored = await database.db
      .selectFrom('config_clients')
      .select('secret_hash')
      .where('client_id', '=', 'node-x')
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(clientSecret);
    const basic = (secret: string) => ({
      authorization: `Basic ${Buffer.from(`node-x:${secret}`).toString('base64')}`,
    });
    const client = (method: Method, url: string, payload?: unknown, secret = clientSecret) =>
      app.inject({
        method,
        url,
        headers: basic(secret),
        ...(payload === undefined ? {} : { payload: payload as string }),
      });

    expect((await client('GET', '/api/config/client/maps', undefined, 'wrong')).statusCode).toBe(401);
    expect((await call('GET', '/api/config/client/maps', { as: 'admin' })).statusCode).toBe(401);
    // Nothing pushed yet.
    expect(
      clientMapsResponseSchema.parse((await client('GET', '/api/config/client/maps')).json()).maps,
    ).toEqual([{ id: 'client-map', versionId: null, timePushed: null }]);
    expect((await client('GET', '/api/config/client/maps/client-map')).statusCode).toBe(404);
    expect((await client('GET', `/api/config/client/maps/${CURRENCY_CODES_MAP}`)).statusCode).toBe(404);

    expect((await call('POST', '/api/config/maps/push', { as: 'approver' })).statusCode).toBe(200);
    const status = async () => (await getMap('client-map')).clientVersions[0];
    expect(await status()).toMatchObject({
      clientId: 'node-x',
      versionMismatch: true,
      acknowledgedVersionTooOld: false,
    });
    const content = clientMapContentSchema.parse(
      (await client('GET', '/api/config/client/maps/client-map')).json(),
    );
    expect(content).toEqual({
      id: 'client-map',
      versionId: v1.versionId,
      mappings: [{ key: 'c', value: '1' }],
    });
    const ack = await client('POST', '/api/config/client/maps/client-map/acknowledgements', {
      versionId: v1.versionId,
      status: 'applied',
      logMessage: 'Applied 1 mapping',
      logTime: '2026-03-02T08:00:05.000Z',
    });
    expect(ack.statusCode, ack.body).toBe(204);
    expect(await status()).toEqual({
      clientId: 'node-x',
      acknowledgedVersionRejected: false,
      acknowledgedVersionTooOld: false,
      versionMismatch: false,
      acknowledgedVersion: v1.versionId,
      clientLogTime: '2026-03-02T08:00:05.000Z',
      clientLogMessage: 'Applied 1 mapping',
    });

    // An approval alone changes nothing for the client; the push does.
    await patch('client-map', 'c', '1', '2');
    const v2 = await submit('client-map');
    await review('client-map', v2.versionId, true);
    expect((await status())?.versionMismatch).toBe(false);
    await call('POST', '/api/config/maps/push', { as: 'approver' });
    expect(await status()).toMatchObject({ versionMismatch: true, acknowledgedVersionTooOld: false });
    app.clock.advance(5 * 60_000 + 1_000);
    // Access tokens live about five minutes: sign in again.
    for (const name of ['operator', 'approver', 'admin'] as const) {
      tokens[name] = (await login(app, name, TEST_DEMO_PASSWORD)).access_token;
    }
    expect(await status()).toMatchObject({ versionMismatch: true, acknowledgedVersionTooOld: true });
    const stale = await client('POST', '/api/config/client/maps/client-map/acknowledgements', {
      versionId: v1.versionId,
      status: 'applied',
      logMessage: 'late',
    });
    expect(stale.statusCode).toBe(409);
    await client('POST', '/api/config/client/maps/client-map/acknowledgements', {
      versionId: v2.versionId,
      status: 'rejected',
      logMessage: "Cannot parse value '2'",
    });
    expect(await status()).toMatchObject({
      acknowledgedVersionRejected: true,
      versionMismatch: true,
      acknowledgedVersion: v1.versionId,
      clientLogMessage: "Cannot parse value '2'",
    });
    expect((await auditActions(CONFIG_AUDIT_ACTIONS.clientAcknowledged)).map((row) => row.actor)).toContain(
      'client:node-x',
    );
    expect((await auditActions(CONFIG_AUDIT_ACTIONS.pushed)).length).toBeGreaterThanOrEqual(2);
  });
});
