import { describe, expect, it } from 'vitest';
import { extractsQuerySchema } from './finance-settlements.ts';

describe('the outbox query', () => {
  it('reads one tag filter or several, leaving out those with no value', () => {
    expect(extractsQuerySchema.parse({ tag: 'kind:exceptions' }).tag).toEqual([
      { tagId: 'kind', value: 'exceptions' },
    ]);
    expect(extractsQuerySchema.parse({ tag: ['kind:exceptions', 'party:'] }).tag).toEqual([
      { tagId: 'kind', value: 'exceptions' },
    ]);
  });

  it('says how a tag filter is written, one or several, rather than "Invalid input"', () => {
    const message = 'Must be <tag>:<value>, the tag one of kind, process, party, currency, run, date';
    for (const tag of ['bogus:1', ['kind:exceptions', 'colour:red'], ':']) {
      const parsed = extractsQuerySchema.safeParse({ tag });
      expect(
        parsed.error?.issues.map((issue) => issue.message),
        JSON.stringify(tag),
      ).toEqual([message]);
    }
    // Any other fault is not said to be the tag's format.
    const tooMany = extractsQuerySchema.safeParse({ tag: Array.from({ length: 21 }, () => 'kind:a') });
    expect(tooMany.error?.issues.map((issue) => issue.message)).not.toContain(message);
  });
});
