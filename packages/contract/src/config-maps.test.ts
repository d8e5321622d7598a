import { describe, expect, it } from 'vitest';
import {
  clientSummaryOf,
  createMappingBodySchema,
  EMPTY_MAPPING_MESSAGE,
  KEY_EDGE_SPACE_MESSAGE,
  type ClientVersion,
  mappingPatchSchema,
  mappingPatchOf,
  mappingsQuerySchema,
} from './config-maps.ts';

const client = (overrides: Partial<ClientVersion>): ClientVersion => ({
  clientId: 'node-1',
  acknowledgedVersionRejected: false,
  acknowledgedVersionTooOld: false,
  versionMismatch: false,
  acknowledgedVersion: null,
  clientLogTime: null,
  clientLogMessage: null,
  ...overrides,
});

describe('config maps contract', () => {
  it('summarises clients in the specification priority order', () => {
    expect(clientSummaryOf([])).toBe('NO_CLIENTS');
    expect(clientSummaryOf([client({})])).toBe('UP_TO_DATE');
    expect(clientSummaryOf([client({}), client({ versionMismatch: true })])).toBe('PENDING');
    expect(
      clientSummaryOf([
        client({ versionMismatch: true }),
        client({ versionMismatch: true, acknowledgedVersionTooOld: true }),
      ]),
    ).toBe('TOO_OLD');
    expect(
      clientSummaryOf([
        client({ versionMismatch: true, acknowledgedVersionTooOld: true }),
        client({ versionMismatch: true, acknowledgedVersionRejected: true }),
      ]),
    ).toBe('REJECTED');
  });

  it('builds the test-then-replace patch and refuses an empty new value', () => {
    expect(mappingPatchSchema.safeParse(mappingPatchOf('a', 'b')).success).toBe(true);
    expect(mappingPatchSchema.safeParse(mappingPatchOf('a', '')).success).toBe(false);
  });

  it('reads the spec query names', () => {
    expect(
      mappingsQuerySchema.parse({ 'updates-only': 'true', 'key-prefix': '4', 'download-format': 'json' }),
    ).toEqual({ 'updates-only': true, 'key-prefix': '4', 'download-format': 'json' });
    expect(mappingsQuerySchema.safeParse({ 'download-format': 'xml' }).success).toBe(false);
  });

  it('refuses keys and values that are empty after trimming with the specification text, keeping spaces in a value', () => {
    for (const body of [
      { key: '', value: 'v' },
      { key: '  ', value: 'v' },
      { key: 'k', value: '\t\n ' },
    ]) {
      expect(createMappingBodySchema.safeParse(body).error?.issues.map((issue) => issue.message)).toEqual([
        EMPTY_MAPPING_MESSAGE,
      ]);
    }
    expect(createMappingBodySchema.parse({ key: 'k l', value: ' a b ' })).toEqual({
      key: 'k l',
      value: ' a b ',
    });
  });

  it('refuses a new key that starts or ends with white space: it would look like another key', () => {
    for (const key of [' plain', 'plain ', '\tplain', ' k ']) {
      expect(
        createMappingBodySchema.safeParse({ key, value: 'v' }).error?.issues.map((issue) => issue.message),
        JSON.stringify(key),
      ).toEqual([KEY_EDGE_SPACE_MESSAGE]);
    }
  });
});
