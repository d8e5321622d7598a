import { describe, expect, it } from 'vitest';
import {
  allowedActionsOf,
  csvCell,
  decodeReconQuery,
  encodeReconQuery,
  reconQueryStringSchema,
  type ReconQuery,
} from './finance-results.ts';
import { extractsQuerySchema, fileIdentifierSchema } from './finance-settlements.ts';

const full: ReconQuery = {
  matchStatus: 'UNMATCHED',
  settlementStatus: 'ISSUE',
  filters: [
    { fieldName: 'rrn', type: 'STARTS_WITH', value: 'ab&c=1' },
    { fieldName: 'amount', type: 'BETWEEN', value: '100', value2: '250' },
    { fieldName: 'created.at', type: 'GREATER_THAN', value: '2026-11-23T10:00:00.000Z' },
  ],
  sortBy: [
    { fieldName: 'amount', direction: 'desc' },
    { fieldName: 'id', direction: 'asc' },
  ],
  offset: 50,
  limit: 25,
};

describe('recon results query string', () => {
  it('round-trips every part through one encoding', () => {
    const encoded = encodeReconQuery(full);
    expect(encoded.toString()).toBe(
      'matchStatus=UNMATCHED&settlementStatus=ISSUE&f.rrn.STARTS_WITH=ab%26c%3D1&f.amount.BETWEEN=100&f.amount.BETWEEN=250' +
        '&f.created.at.GREATER_THAN=2026-11-23T10%3A00%3A00.000Z&sortBy=amount.desc%2Cid.asc&offset=50&limit=25',
    );
    expect(decodeReconQuery(new URLSearchParams(encoded.toString()))).toEqual({ success: true, data: full });
  });

  it('decodes the object a server query parser gives (repeated keys as arrays)', () => {
    const decoded = decodeReconQuery({
      'f.amount.BETWEEN': ['100', '250'],
      sortBy: 'amount.desc,id.asc',
      limit: '10',
    });
    expect(decoded).toEqual({
      success: true,
      data: {
        filters: [{ fieldName: 'amount', type: 'BETWEEN', value: '100', value2: '250' }],
        sortBy: [
          { fieldName: 'amount', direction: 'desc' },
          { fieldName: 'id', direction: 'asc' },
        ],
        offset: 0,
        limit: 10,
      },
    });
  });

  it('drops empty filter values and uses the default limit when it is not a number', () => {
    const encoded = encodeReconQuery({ filters: [{ fieldName: 'rrn', type: 'EXACTLY', value: ' ' }] });
    expect(encoded.toString()).toBe('');
    expect(decodeReconQuery(new URLSearchParams('f.rrn.EXACTLY=&limit=abc'))).toEqual({
      success: true,
      data: { filters: [], sortBy: [], offset: 0, limit: 25 },
    });
  });

  it('names what is malformed', () => {
    expect(decodeReconQuery(new URLSearchParams('f.amount.ABOUT=1'))).toEqual({
      success: false,
      error:
        'f.amount.ABOUT: expected f.<field>.<EXACTLY|STARTS_WITH|ENDS_WITH|GREATER_THAN|LESS_THAN|BETWEEN>',
    });
    expect(decodeReconQuery(new URLSearchParams('f.amount.BETWEEN=1'))).toEqual({
      success: false,
      error: 'f.amount.BETWEEN: needs two values (from and to)',
    });
    expect(decodeReconQuery(new URLSearchParams('sortBy=amount.up'))).toEqual({
      success: false,
      error: "sortBy: 'amount.up' is not field.asc or field.desc",
    });
    expect(decodeReconQuery(new URLSearchParams('limit=500')).success).toBe(false);
    expect(decodeReconQuery(new URLSearchParams('matchStatus=GOOD')).success).toBe(false);
  });

  it('is the querystring schema the platform validates with', () => {
    expect(reconQueryStringSchema.parse({ 'f.amount.LESS_THAN': '5', sortBy: 'score.desc' })).toEqual({
      filters: [{ fieldName: 'amount', type: 'LESS_THAN', value: '5' }],
      sortBy: [{ fieldName: 'score', direction: 'desc' }],
      offset: 0,
      limit: 25,
    });
    expect(reconQueryStringSchema.safeParse({ 'f.amount': '5' }).success).toBe(false);
  });
});

describe('allowed actions by status', () => {
  it('follows the specification table', () => {
    expect(allowedActionsOf({ matchStatus: 'UNMATCHED', settlementStatus: 'ISSUE', score: 0 })).toEqual([
      'accept',
      'reject',
    ]);
    expect(allowedActionsOf({ matchStatus: 'MATCHED', settlementStatus: 'ISSUE', score: 50 })).toEqual([
      'resolve',
      'reject',
    ]);
    expect(allowedActionsOf({ matchStatus: 'MATCHED', settlementStatus: 'PENDING', score: 100 })).toEqual([
      'reject',
    ]);
    expect(allowedActionsOf({ matchStatus: 'MATCHED', settlementStatus: 'SETTLED', score: 100 })).toEqual([]);
    expect(allowedActionsOf({ matchStatus: 'REJECTED', settlementStatus: 'ISSUE', score: 0 })).toEqual([]);
  });
});

describe('csv cells', () => {
  it('makes formula starts inert and quotes separators', () => {
    expect(['=1+1', '+27', '-5+1', '@SUM', '\tx', 'plain', 'a,b', 'say "hi"'].map(csvCell)).toEqual([
      "'=1+1",
      "'+27",
      "'-5+1",
      "'@SUM",
      "'\tx",
      'plain',
      '"a,b"',
      '"say ""hi"""',
    ]);
  });

  it('keeps a negative number a number, so a refund sums in a spreadsheet', () => {
    expect(['-500', '-12.50', '-0', '-1e3', '-', '-.5', '-5 '].map(csvCell)).toEqual([
      '-500',
      '-12.50',
      '-0',
      "'-1e3",
      "'-",
      "'-.5",
      "'-5 ",
    ]);
  });
});

describe('outbox query', () => {
  it('reads repeated tag=tagId:value and drops empty values', () => {
    expect(
      extractsQuerySchema.parse({ tag: ['party:Switch', 'run:12:a', 'currency:'], processId: '2' }),
    ).toEqual({
      tag: [
        { tagId: 'party', value: 'Switch' },
        { tagId: 'run', value: '12:a' },
      ],
      processId: 2,
      offset: 0,
      limit: 25,
    });
    expect(extractsQuerySchema.safeParse({ tag: 'colour:red' }).success).toBe(false);
  });

  it('takes an inbox file id or an extract path as the token file identifier', () => {
    expect(fileIdentifierSchema.parse('12')).toBe(12);
    expect(fileIdentifierSchema.parse('extracts/7')).toBe('extracts/7');
    expect(fileIdentifierSchema.safeParse('../etc/passwd').success).toBe(false);
  });
});
