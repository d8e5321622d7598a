import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@web-control/contract/errors';
import { PERMISSIONS } from '@web-control/contract/permissions';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

/** The slice of JSON Schema the OpenAPI document uses for inputs. */
interface JsonSchema {
  type?: string | string[];
  format?: string;
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
];
const BAD_NUMBERS = [2_147_483_648, -2_147_483_649, 2 ** 53, 1e300, -1, 0, 1.5];

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
): { path: (string | number)[]; type: string }[] {
  const type = typeOf(schema);
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
      leaves(property, [...path, key]),
    );
  }
  if (type === 'array') {
    return leaves(schema.items ?? {}, [...path, 0]);
  }
  return [{ path, type: type ?? 'string' }];
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
  return type === 'integer' || type === 'number' ? [...BAD_NUMBERS, ...BAD_STRINGS] : BAD_STRINGS;
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
}

/** Every request that spoils exactly one input of one operation with one bad value. */
function probesOf(operation: Operation): Probe[] {
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
      encodeURIComponent(params.get(name) ?? ''),
    );
    const search = new URLSearchParams([...query]).toString();
    return search === '' ? path : `${path}?${search}`;
  };
  const body = operation.body;
  // A fresh body for each probe: unique names, so no probe is refused as a duplicate of another.
  const base = () => ({
    method: operation.method,
    ...(body === undefined ? {} : { payload: exampleOf(body, 'body') }),
  });
  const probes: Probe[] = [];
  for (const [name, schema] of operation.pathParams) {
    for (const value of badValuesFor(typeOf(schema) ?? 'string')) {
      probes.push({ ...base(), url: toUrl(new Map([...pathExample, [name, String(value)]]), queryExample) });
    }
  }
  for (const [name, param] of operation.query) {
    for (const value of badValuesFor(typeOf(param.schema) ?? 'string')) {
      probes.push({ ...base(), url: toUrl(pathExample, new Map([...queryExample, [name, String(value)]])) });
    }
  }
  if (body !== undefined) {
    for (const leaf of leaves(body)) {
      for (const value of badValuesFor(leaf.type)) {
        probes.push({
          method: operation.method,
          url: toUrl(pathExample, queryExample),
          payload: withValue(exampleOf(body, 'body'), leaf.path, value),
        });
      }
    }
  }
  return probes;
}

const strictErrorBody = errorBodySchema.omit({ correlationId: true }).strict();

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

  it('answers every spoiled input of every route below 500, in the common error shape', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
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
});
