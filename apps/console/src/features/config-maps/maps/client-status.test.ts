import { clientStatusOf, clientSummaryOf, type ClientVersion } from '@web-control/contract/config-maps';
import { describe, expect, it } from 'vitest';
import { clientStatusText, clientSummaryText } from './client-status';

const upToDate: ClientVersion = {
  clientId: 'switch-node-1',
  acknowledgedVersionRejected: false,
  acknowledgedVersionTooOld: false,
  versionMismatch: false,
  acknowledgedVersion: null,
  clientLogTime: null,
  clientLogMessage: null,
};
const pending = { ...upToDate, versionMismatch: true };
const tooOld = { ...pending, acknowledgedVersionTooOld: true };
const rejected = { ...pending, acknowledgedVersionRejected: true };

const summary = (clients: ClientVersion[]) => clientSummaryText(clientSummaryOf(clients));

describe('client status summary', () => {
  it('says nobody subscribes when the map has no clients', () => {
    expect(summary([])).toBe('No clients subscribed');
  });

  it('puts a rejection first, then lateness, then pending changes', () => {
    expect(summary([upToDate, pending, tooOld, rejected])).toBe('Client failed to apply changes');
    expect(summary([pending, tooOld, upToDate])).toBe('Client took too long to apply changes');
    expect(summary([upToDate, pending])).toBe('Client has pending changes');
  });

  it('says all clients are up to date only when every one is', () => {
    expect(summary([upToDate, upToDate])).toBe('All clients up to date');
  });
});

describe('one client status', () => {
  it('reads each status in the expander words', () => {
    expect(clientStatusText(clientStatusOf(rejected))).toBe('Changes rejected');
    expect(clientStatusText(clientStatusOf(tooOld))).toBe('Took too long to apply changes');
    expect(clientStatusText(clientStatusOf(pending))).toBe('Pending changes to be applied');
    expect(clientStatusText(clientStatusOf(upToDate))).toBe('Up to date');
  });
});
