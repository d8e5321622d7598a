import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { USERNAME_MESSAGE, userInputSchema } from './admin.ts';
import { mapNameSchema } from './config-maps.ts';
import { closeSettlementBodySchema } from './finance-settlements.ts';
import { reviewDecisionSchema } from './reviews.ts';
import { holdStatusBodySchema } from './vouchers.ts';
import { commentText, numberFromText, requiredText, VALIDATION_MESSAGES, wholeNumber } from './validation.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('general rules', () => {
  it('treats blank text as missing', () => {
    expect(firstMessage(requiredText().safeParse(''))).toBe('This is a required field');
    expect(firstMessage(requiredText().safeParse('   '))).toBe('This is a required field');
    expect(firstMessage(requiredText('Please add a comment').safeParse(''))).toBe('Please add a comment');
    expect(requiredText().parse(' jo ')).toBe('jo');
  });

  it('bounds whole numbers with the default messages', () => {
    const weight = wholeNumber(0, 1000);
    expect(firstMessage(weight.safeParse(1001))).toBe('Must not exceed 1000');
    expect(firstMessage(weight.safeParse(-1))).toBe('Must be 0 or greater');
    expect(firstMessage(weight.safeParse(Number.NaN))).toBe('Must be a valid number');
    expect(firstMessage(weight.safeParse('12'))).toBe('Must be a valid number');
    expect(firstMessage(weight.safeParse(undefined))).toBe('This is a required field');
    expect(weight.safeParse(12.5).success).toBe(false);
    expect(weight.parse(0)).toBe(0);
    expect(weight.parse(1000)).toBe(1000);
  });

  it('says a query number that does not read is not a number', () => {
    const limit = z.coerce.number().int().min(1).max(100);
    expect(firstMessage(limit.safeParse('abc'))).toBe('Must be a valid number');
    expect(firstMessage(z.number().safeParse('12'))).toBe('Must be a valid number');
  });

  it('reads a number from text, reporting the first rule it breaks', () => {
    const field = numberFromText(wholeNumber(0, 1000));
    expect(firstMessage(field.safeParse(''))).toBe(VALIDATION_MESSAGES.required);
    expect(firstMessage(field.safeParse('abc'))).toBe(VALIDATION_MESSAGES.number);
    expect(firstMessage(field.safeParse('-5'))).toBe('Must be 0 or greater');
    expect(firstMessage(field.safeParse('5000'))).toBe('Must not exceed 1000');
    expect(field.parse('0')).toBe(0);
    expect(field.parse(' 500 ')).toBe(500);
    for (const notDecimal of ['1e3', '0x10', '1_000', '.5'])
      expect(firstMessage(field.safeParse(notDecimal)), notDecimal).toBe(VALIDATION_MESSAGES.number);
  });
});

describe('commentText', () => {
  const comment = commentText(1000);
  const messageOf = (value: unknown) => comment.safeParse(value).error?.issues[0]?.message;

  it('asks for a comment, in words, when it is blank or missing', () => {
    expect(messageOf('   ')).toBe('Please add a comment');
    expect(messageOf(undefined)).toBe('Please add a comment');
  });

  it('names the limit in words when it is too long', () => {
    expect(messageOf('x'.repeat(1001))).toBe('Must not exceed 1000 characters');
    expect(comment.parse(' Checked ')).toBe('Checked');
  });

  it('masks a card number written in it, whole or in groups, and leaves other numbers be', () => {
    expect(comment.parse('Bank confirmed, card 4111111111111111')).toBe(
      'Bank confirmed, card 411111******1111',
    );
    expect(comment.parse('Card 4111 1111 1111 1111 refunded')).toBe('Card 411111******1111 refunded');
    expect(comment.parse('RRN 081520213294, R 1 250.00, ticket 1001-1002')).toBe(
      'RRN 081520213294, R 1 250.00, ticket 1001-1002',
    );
  });
});

describe('the other free texts a person writes', () => {
  it('mask a card number: a review decision, a voucher reason, a settlement close', () => {
    const card = 'Customer read out 5555 5555 5555 4444';
    const masked = 'Customer read out 555555******4444';
    expect(reviewDecisionSchema.parse({ comment: card }).comment).toBe(masked);
    expect(holdStatusBodySchema.parse({ onHold: true, reason: card }).reason).toBe(masked);
    expect(closeSettlementBodySchema.parse({ comment: card }).comment).toBe(masked);
  });
});

describe('the general messages', () => {
  it("word a schema's unworded rules for people", () => {
    expect(firstMessage(z.string().max(1000).safeParse('x'.repeat(1001)))).toBe(
      'Must not exceed 1000 characters',
    );
    expect(firstMessage(z.string().min(1).safeParse(''))).toBe('This is a required field');
    expect(firstMessage(z.object({ name: z.string() }).safeParse({}))).toBe('This is a required field');
    expect(firstMessage(z.number().max(5).safeParse(6))).toBe('Must not exceed 5');
    expect(firstMessage(z.enum(['MATCHED', 'UNMATCHED']).safeParse('FOO'))).toBe(
      'Must be one of MATCHED, UNMATCHED',
    );
  });

  it("leave a schema's own message as it is", () => {
    expect(firstMessage(z.string().max(2, 'Too long for a code').safeParse('abc'))).toBe(
      'Too long for a code',
    );
  });

  it('give an empty map name the required text, not the naming rule', () => {
    expect(firstMessage(mapNameSchema.safeParse(''))).toBe('This is a required field');
  });
});

describe('usernames', () => {
  const user = (username: string) => ({ username, email: 'jo@bank.example', roles: [{ roleId: 1 }] });

  it('takes Latin letters, digits and . _ @ -, and says which letters when another is typed', () => {
    expect(userInputSchema.parse(user(' Jo.Smith_2@ops-1 ')).username).toBe('Jo.Smith_2@ops-1');
    for (const username of ['zoë', 'аdmin', 'jo smith']) {
      expect(firstMessage(userInputSchema.safeParse(user(username))), username).toBe(USERNAME_MESSAGE);
    }
    expect(USERNAME_MESSAGE).toBe(
      'A username may hold the letters A to Z (either case), digits and . _ @ - only',
    );
  });
});
