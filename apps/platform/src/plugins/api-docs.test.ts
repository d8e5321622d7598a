import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

/** Every `$ref` in the document, wherever it sits. */
function collectRefs(value: unknown, refs: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    value.forEach((item) => collectRefs(item, refs));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        refs.add(child);
      } else {
        collectRefs(child, refs);
      }
    }
  }
  return refs;
}

describe('OpenAPI document', () => {
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is a valid OpenAPI document whose every reference resolves, the recursive service data included', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ components?: { schemas?: Record<string, unknown> } }>();

    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors, 'the OpenAPI validator finds no error').toBeUndefined();
    expect(result.valid).toBe(true);

    const refs = [...collectRefs(document)];
    expect(refs).toContain('#/components/schemas/ServiceDataEntry');
    for (const ref of refs) {
      const name = ref.replace('#/components/schemas/', '');
      expect(document.components?.schemas?.[name], `${ref} is defined`).toBeDefined();
    }
  });
});
