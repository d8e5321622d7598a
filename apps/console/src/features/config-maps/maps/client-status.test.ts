import { describe, expect, it } from 'vitest';
import { clientStatusOf, clientStatusText, clientSummaryOf, clientSummaryText } from './client-status';

const upToDate = {
  acknowledgedVersionRejected: false,
  acknowledgedVersionTooOld: false,
  versionMismatch: false,
};
const pending = { ...upToDate, versionMismatch: true };
const tooOld = { ...upToDate, versionMismatch: true, acknowledgedVersionTooOld: true };
const rejected = { ...upToDate, versionMismatch: true, acknowledgedVersionRejected: true };

describe('client status summary', () => {
  it('says nobody subscribes when the map has no clients', () => {
    expect(clientSummaryText(clientSummaryOf([]))).toBe('No clients subscribed');
  });

  it('puts a rejection first, then lateness, then pending changes', () => {
    expect(clientSummaryText(clientSummaryOf([upToDate, pending, tooOld, rejected]))).toBe(
      'Client failed to apply changes',
    );
    expect(clientSummaryText(clientSummaryOf([pending, tooOld, upToDate]))).toBe(
      'Client took too long to apply changes',
    );
    expect(clientSummaryText(clientSummaryOf([upToDate, pending]))).toBe('Client has pending changes');
  });

  it('says all clients are up to date only when every one is', () => {
    expect(clientSummaryText(clientSummaryOf([upToDate, upToDate]))).toBe('All clients up to date');
  });

  it('a flag outranks the flags below it on one client too', () => {
    expect(clientSummaryText(clientSummaryOf([{ ...upToDate, acknowledgedVersionRejected: true }]))).toBe(
      'Client failed to apply changes',
    );
    expect(clientSummaryText(clientSummaryOf([{ ...upToDate, acknowledgedVersionTooOld: true }]))).toBe(
      'Client took too long to apply changes',
    );
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
