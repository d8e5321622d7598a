import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, markConnectFailure } from './unavailable.ts';

function pgError(code: string, message = 'from the server'): Error {
  return Object.assign(new Error(message), { code });
}

describe('an unreachable database (503) told from other database errors (500)', () => {
  it.each([
    ['a terminated session', pgError('57P01')],
    ['a server starting up', pgError('57P03')],
    ['a connection failure', pgError('08006')],
    ['a reset socket', pgError('ECONNRESET', 'read ECONNRESET')],
    ['a connection lost in use', new Error('Connection terminated unexpectedly')],
    ['no connection to lend', markConnectFailure(pgError('55000', 'not currently accepting connections'))],
  ])('%s is unavailable', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    // A statement over DATABASE_STATEMENT_TIMEOUT_SECONDS is a slow query, not an outage.
    ['a statement timeout', pgError('57014')],
    ['an object state error on a working connection', pgError('55000')],
    ['a bug', new TypeError('x is undefined')],
    ['a thrown string', 'Connection terminated unexpectedly'],
  ])('%s is not', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
