import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@web-control/contract/errors';
import {
  EARLIEST_INSTANT,
  EARLIEST_YEAR,
  LATEST_INSTANT,
  LATEST_YEAR,
  text,
} from '@web-control/contract/inputs';
import { PERMISSIONS } from '@web-control/contract/permissions';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

/** The slice of JSON Schema the OpenAPI document uses for inputs. */
interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  allOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  nullable?: boolean;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form: /api/lb/{serviceId} */
  path: string;
  pathParams: Map<string, JsonSchema>;
  query: Map<string, { schema: JsonSchema; required: boolean }>;
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Values that reached the database or the Date constructor unchecked and answered 500. */
const BAD_STRINGS = [
  '\u0000',
  'sweep\u0000sweep',
  '00000101T000000Z',
  '00010101T000000+0200',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000+00:00',
  '99999999999999999-1',
  '999999999999999-99999999999999999999',
  '9999999999999999999',
  '2147483648',
  '-1',
  '1e400',
  '€ sweep.csv',
];
const BAD_NUMBERS = [2_147_483_648, -2_147_483_649, 2 ** 53, 1e300, -1, 0, 1.5];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function daysIn(year: number, month: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return lastDay.getUTCDate();
}

/** A day past the end of a short month (2024-02-30, 2023-02-29, 2026-04-31): Date rolls it over, PostgreSQL refuses it. */
const impossibleCalendarInstant = fc
  .record({
    year: fc.integer({ min: EARLIEST_YEAR, max: LATEST_YEAR }),
    month: fc.constantFrom(2, 4, 6, 9, 11),
    hour: fc.integer({ min: 0, max: 23 }),
  })
  .chain(({ year, month, hour }) =>
    fc
      .integer({ min: daysIn(year, month) + 1, max: 31 })
      .map((day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:00:00Z`),
  );

/** An instant outside the years 1 to 9999 in UTC, or as written with its offset. */
const outOfRangeInstant = fc
  .record({ hours: fc.integer({ min: 1, max: 14 }), minute: fc.integer({ min: 0, max: 59 }) })
  .chain(({ hours, minute }) =>
    fc.constantFrom(
      `0000-06-15T12:${pad(minute)}:00Z`,
      // UTC 0001-01-01, written in the year 0.
      `0000-12-31T23:${pad(minute)}:00-${pad(hours)}:00`,
      // Written in the year 1, UTC in the year 0.
      `0001-01-01T00:${pad(minute)}:00+${pad(hours)}:00`,
      // Written in 9999, UTC in 10000.
      `9999-12-31T23:${pad(minute)}:00-${pad(hours)}:00`,
    ),
  );

/** Text holding half of a surrogate pair, which no UTF-8 text (so no PostgreSQL text or JSON) can hold. */
const loneSurrogateText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 8 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`);

/** Fixed samples, so every run sweeps the same requests and a failure can be replayed. */
const SWEEP_SEED = 20;
const sampleOf = (arbitrary: fc.Arbitrary<string>, count: number) =>
  fc.sample(arbitrary, { numRuns: count, seed: SWEEP_SEED });

/** Values of the contract's text and instant rules that answered 500 (issue 20, part 4). */
const CONTRACT_BAD_STRINGS = [
  '2024-02-30T00:00:00Z',
  '20240230T000000Z',
  ...sampleOf(impossibleCalendarInstant, 1),
  ...sampleOf(outOfRangeInstant, 3),
  '\ud800',
  'a\udfffb',
  ...sampleOf(loneSurrogateText, 1),
  'sweep\r\nSet-Cookie: sweep=1',
  '../sweep',
];

/** The ends of the supported range: valid, so never a 500 and never refused for the field itself. */
const SUPPORTED_INSTANT_BOUNDS = [EARLIEST_INSTANT, LATEST_INSTANT];

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  return type ?? schema.anyOf?.map(typeOf).find((entry) => entry !== undefined && entry !== 'null');
}

/** A value the schema accepts, so that a request fails only on the field a test spoils. */
function exampleOf(schema: JsonSchema, name: string): unknown {
  if (schema.enum !== undefined) return schema.enum[0];
  const types = [schema.type, ...(schema.anyOf ?? []).map((option) => option.type)].flat();
  if (schema.nullable === true || types.includes('null')) return null;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        exampleOf(schema.items ?? {}, name),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleOf(property, key)]),
      );
    default:
      if (schema.format === 'email' || name === 'email') return `sweep-${randomUUID()}@example.com`;
      if (schema.format === 'uuid' || name === 'uuid' || name === 'userId') return randomUUID();
      if (schema.format === 'date-time' || name === 'from' || name === 'to') return '2026-03-02T00:00:00Z';
      if (/password/i.test(name)) return 'Sweep-Passw0rd-2026!';
      // Unique, so that creating twice is not refused as a duplicate before the spoiled field is read.
      return `sweep-${randomUUID().slice(0, 8)}`.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Each leaf of the example with a path to it, so a test can spoil one at a time. */
function leaves(
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema }[] {
  const type = typeOf(schema);
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
      leaves(property, [...path, key]),
    );
  }
  if (type === 'array') {
    return leaves(schema.items ?? {}, [...path, 0]);
  }
  return [{ path, schema }];
}

function withValue(example: unknown, path: (string | number)[], value: unknown): unknown {
  const copy: unknown = structuredClone(example);
  let target = copy as Record<string | number, unknown>;
  path.slice(0, -1).forEach((key) => (target = target[key] as Record<string | number, unknown>));
  const last = path.at(-1);
  if (last !== undefined) target[last] = value;
  return copy;
}

function badValuesFor(type: string): unknown[] {
  const strings = [...BAD_STRINGS, ...CONTRACT_BAD_STRINGS];
  return type === 'integer' || type === 'number' ? [...BAD_NUMBERS, ...strings] : strings;
}

/**
 * A URL component of any text: a lone surrogate (which encodeURIComponent refuses and
 * URLSearchParams turns into U+FFFD) is sent as the three bytes WTF-8 gives it.
 */
function encodeText(value: string): string {
  return value.replace(/[\s\S]/gu, (character) => {
    const unit = character.charCodeAt(0);
    if (character.length === 2 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(character);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });
}

function collectOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: new Map(
          (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
        ),
        query: new Map(
          (operation.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => [p.name, { schema: p.schema, required: p.required === true }]),
        ),
        body: operation.requestBody?.content['application/json']?.schema,
      })),
  );
}

interface Probe {
  method: Operation['method'];
  url: string;
  payload?: unknown;
  /** The input this probe set: a parameter's name or a body leaf's dotted path. */
  field?: string;
}

/** The values a probe sets one input of the given schema (and name) to; none: that input is left alone. */
type ValuesFor = (schema: JsonSchema, name: string) => unknown[];

const spoilt: ValuesFor = (schema) => badValuesFor(typeOf(schema) ?? 'string');

/** Every request that sets exactly one input of one operation to one of its values. */
function probesOf(operation: Operation, valuesFor: ValuesFor = spoilt): Probe[] {
  const pathExample = new Map(
    [...operation.pathParams].map(([name, schema]) => [name, String(exampleOf(schema, name))]),
  );
  const queryExample = new Map(
    [...operation.query]
      .filter(([, param]) => param.required)
      .map(([name, param]) => [name, String(exampleOf(param.schema, name))]),
  );
  const toUrl = (params: Map<string, string>, query: Map<string, string>): string => {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeText(params.get(name) ?? ''),
    );
    const search = [...query].map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`).join('&');
    return search === '' ? path : `${path}?${search}`;
  };
  const body = operation.body;
  // A fresh body for each probe: unique names, so no probe is refused as a duplicate of another.
  const base = (field: string) => ({
    method: operation.method,
    field,
    ...(body === undefined ? {} : { payload: exampleOf(body, 'body') }),
  });
  const probes: Probe[] = [];
  for (const [name, schema] of operation.pathParams) {
    for (const value of valuesFor(schema, name)) {
      probes.push({
        ...base(name),
        url: toUrl(new Map([...pathExample, [name, String(value)]]), queryExample),
      });
    }
  }
  for (const [name, param] of operation.query) {
    for (const value of valuesFor(param.schema, name)) {
      probes.push({
        ...base(name),
        url: toUrl(pathExample, new Map([...queryExample, [name, String(value)]])),
      });
    }
  }
  if (body !== undefined) {
    for (const leaf of leaves(body)) {
      for (const value of valuesFor(leaf.schema, String(leaf.path.at(-1) ?? ''))) {
        probes.push({
          method: operation.method,
          field: leaf.path.join('.'),
          url: toUrl(pathExample, queryExample),
          payload: withValue(exampleOf(body, 'body'), leaf.path, value),
        });
      }
    }
  }
  return probes;
}

/** Whether an input takes an ISO 8601 instant (the names exampleOf fills with one too). */
function isInstantInput(schema: JsonSchema, name: string): boolean {
  const options = [schema, ...(schema.anyOf ?? [])];
  if (options.some((option) => option.enum !== undefined)) return false;
  return options.some((option) => option.format === 'date-time') || name === 'from' || name === 'to';
}

/** The API's areas, by the first segment after /api. */
const API_AREAS = [
  '/api/auth',
  '/api/config',
  '/api/ecs',
  '/api/exports',
  '/api/health',
  '/api/lb',
  '/api/moneytransfer',
  '/api/recon',
  '/api/reviews',
] as const;

function inArea(operation: Operation, area: string): boolean {
  return operation.path === area || operation.path.startsWith(`${area}/`);
}

const strictErrorBody = errorBodySchema.omit({ correlationId: true }).strict();

/** The JSON Schema patterns of text(): the document must show both on every plain text. */
const TEXT_PATTERNS = (() => {
  const [nul, loneSurrogate] = (z.toJSONSchema(text()) as { allOf?: { pattern?: string }[] }).allOf ?? [];
  return { nul: nul?.pattern, loneSurrogate: loneSurrogate?.pattern };
})();

describe('bad input on every route', () => {
  let database: DatabaseHandle;
  let app: App;
  let authorization: string;
  let operations: Operation[];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // The rate limits would answer most probes of the sign-in routes with 429 before validation.
    app = await buildTestApp({ database, settings: { loginRateLimit: 1_000_000 } });
    const admin = await createTestUser(database, PERMISSIONS);
    authorization = `Bearer ${(await login(app, admin.username, admin.password)).access_token}`;
    operations = collectOperations(app.swagger() as unknown as OpenApiDocument);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function send(probe: Probe) {
    return app.inject({
      method: probe.method,
      url: probe.url,
      headers: { authorization },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
    });
  }

  it('finds the routes that take input', () => {
    const names = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/ecs/transactions',
        'GET /api/ecs/metrics',
        'GET /api/ecs/metrics/tpsAgg',
        'POST /api/auth/login',
        'POST /api/auth/manage/users',
        'PUT /api/auth/manage/roles/{roleId}',
        'PUT /api/lb/{serviceId}/receivers/{receiverId}/weight',
      ]),
    );
  });

  it('finds every route in one of the areas probed below', () => {
    const outside = operations.filter((operation) => !API_AREAS.some((area) => inArea(operation, area)));
    expect(outside.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  // One test per area keeps each within the test time on a busy machine.
  it.each(API_AREAS)(
    'answers every spoiled input of every %s route below 500, in the common error shape',
    async (area) => {
      const failures: string[] = [];
      for (const operation of operations.filter((candidate) => inArea(candidate, area))) {
        for (const probe of probesOf(operation)) {
          const response = await send(probe);
          const shaped = response.statusCode < 400 || strictErrorBody.safeParse(response.json()).success;
          if (response.statusCode >= 500 || !shaped) {
            failures.push(
              `${probe.method} ${probe.url} ${JSON.stringify(probe.payload)} → ${response.statusCode} ${response.body}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('takes the first and the last supported instant in every instant input of every route', async () => {
    const failures: string[] = [];
    const instantProbes = operations.flatMap((operation) =>
      probesOf(operation, (schema, name) => (isInstantInput(schema, name) ? SUPPORTED_INSTANT_BOUNDS : [])),
    );
    for (const probe of instantProbes) {
      const response = await send(probe);
      const refusedField =
        response.statusCode === 400 &&
        (strictErrorBody.parse(response.json()).details as { field?: string }[] | undefined)?.some(
          (detail) => detail.field === probe.field,
        ) === true;
      if (response.statusCode >= 500 || refusedField) {
        failures.push(
          `${probe.method} ${probe.url} ${JSON.stringify(probe.payload)} → ${response.statusCode} ${response.body}`,
        );
      }
    }
    expect(instantProbes.length).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });

  it('describes every text of the API, asked or answered, with the contract’s text rules', () => {
    const plain: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as JsonSchema & { const?: unknown };
      const types = [schema.type].flat();
      if (types.includes('string') && schema.enum === undefined && schema.const === undefined) {
        const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)];
        // A format (date-time, uuid, email) is ASCII already; any other text takes the text() rules.
        if (
          schema.format === undefined &&
          !(patterns.includes(TEXT_PATTERNS.nul) && patterns.includes(TEXT_PATTERNS.loneSurrogate))
        ) {
          plain.push(where);
        }
        return;
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
    };
    const document = app.swagger() as unknown as OpenApiDocument;
    visit(document.paths, '');
    expect(plain).toEqual([]);
  });

  it.each([
    ['a NUL in a load balancer path', { method: 'GET', url: '/api/lb/%00' }],
    ['a NUL in a transaction filter', { method: 'GET', url: '/api/ecs/transactions?reference=a%00b' }],
    ['year 0000 in dateFrom', { method: 'GET', url: '/api/ecs/transactions?dateFrom=00000101T000000Z' }],
    [
      'year 0000 in tpsAgg from',
      { method: 'GET', url: '/api/ecs/metrics/tpsAgg?from=0000-01-01T00:00:00Z&to=2026-03-02T00:00:00Z' },
    ],
    [
      'a metrics scrollId beyond the integer range',
      {
        method: 'GET',
        url: '/api/ecs/metrics?from=now-30m&instance=i&node=n&scrollId=1-99999999999999999999',
      },
    ],
    [
      'a NUL in the login username',
      { method: 'POST', url: '/api/auth/login', payload: { username: 'a\u0000b', password: 'x' } },
    ],
    [
      'a NUL in the forgot-password e-mail',
      { method: 'POST', url: '/api/auth/manage/users/forgot', payload: { email: 'a\u0000@example.com' } },
    ],
    [
      'roleId 2147483648 in a new user',
      {
        method: 'POST',
        url: '/api/auth/manage/users',
        payload: {
          username: 'sweep-role',
          email: 'sweep-role@example.com',
          roles: [{ roleId: 2_147_483_648 }],
        },
      },
    ],
    [
      'roleId 2147483648 in the path',
      { method: 'PUT', url: '/api/auth/manage/roles/2147483648', payload: {} },
    ],
  ] as const)('answers %s with 400 VALIDATION_FAILED', async (_, probe: Probe) => {
    const response = await send(probe);
    expect(response.statusCode, response.body).toBe(400);
    expect(strictErrorBody.parse(response.json())).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each([
    [
      'an impossible calendar date in a recon filter',
      {
        method: 'GET',
        url: '/api/recon/processes/1/transactions?f.transactionDate.GREATER_THAN=2024-02-30T00:00:00Z',
      },
    ],
    [
      'year 0000 in a recon BETWEEN filter',
      {
        method: 'GET',
        url: '/api/recon/processes/1/transactions?f.createdDateTime.BETWEEN=0000-01-01T00:00:00Z&f.createdDateTime.BETWEEN=0000-01-01T00:00:00Z',
      },
    ],
    [
      'an impossible calendar date in the audits',
      { method: 'GET', url: '/api/recon/actions/audits?toDateTimeInclusive=2023-02-29T00:00:00Z' },
    ],
    [
      'a lone surrogate in a mapping key',
      { method: 'POST', url: '/api/config/maps/sweep/mappings', payload: { key: '\ud800', value: 'v' } },
    ],
    [
      'a lone surrogate in a mapping value',
      { method: 'POST', url: '/api/config/maps/sweep/mappings', payload: { key: 'k', value: 'a\udfffb' } },
    ],
    [
      'a lone surrogate in a role name',
      { method: 'POST', url: '/api/auth/manage/roles', payload: { role: 'r\ud800', permissions: [] } },
    ],
  ] as const)('answers %s with 400 in the common error shape', async (_, probe: Probe) => {
    const response = await send(probe);
    expect(response.statusCode, response.body).toBe(400);
    strictErrorBody.parse(response.json());
  });

  it('answers the audits from the last supported instant with 200', async () => {
    const response = await send({
      method: 'GET',
      url: '/api/recon/actions/audits?fromDateTimeInclusive=9999-12-31T23:59:59.999Z',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers any text holding a NUL with 400 on the transaction filters and the sign-in', async () => {
    const withNul = fc
      .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
      .map(([before, after]) => `${before}\u0000${after}`);
    await fc.assert(
      fc.asyncProperty(withNul, async (text) => {
        const filter = await send({
          method: 'GET',
          url: `/api/ecs/transactions?${new URLSearchParams({ service: text }).toString()}`,
        });
        const signIn = await send({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: text, password: text },
        });
        expect([filter.statusCode, signIn.statusCode]).toEqual([400, 400]);
      }),
      { numRuns: 50 },
    );
  });

  it('answers any text holding a lone surrogate with 400 on the sign-in, a new mapping and a new role', async () => {
    await fc.assert(
      fc.asyncProperty(loneSurrogateText, async (value) => {
        const answers = await Promise.all([
          send({ method: 'POST', url: '/api/auth/login', payload: { username: value, password: value } }),
          send({ method: 'POST', url: '/api/config/maps/sweep/mappings', payload: { key: value, value } }),
          send({ method: 'POST', url: '/api/auth/manage/roles', payload: { role: value, permissions: [] } }),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
      }),
      { numRuns: 50 },
    );
  });

  it('answers any impossible or out-of-range instant with 400 on the audits and a recon date filter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(impossibleCalendarInstant, outOfRangeInstant), async (instant) => {
        const query = encodeText(instant);
        const answers = await Promise.all([
          send({ method: 'GET', url: `/api/recon/actions/audits?fromDateTimeInclusive=${query}` }),
          send({
            method: 'GET',
            url: `/api/recon/processes/1/transactions?f.createdDateTime.LESS_THAN=${query}`,
          }),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400]);
      }),
      { numRuns: 50 },
    );
  });
});
