import { describe, expect, it } from 'vitest';
import { NO_FILTERS, selectionOf } from './selection';

describe('what the mapping filters ask for', () => {
  it('views the applied version', () => {
    expect(selectionOf(NO_FILTERS)).toEqual({ version: 'applied' });
    expect(selectionOf({ ...NO_FILTERS, view: 'changes' })).toEqual({ version: 'applied' });
  });

  it('edits the map as edited, against the applied version or the newest submitted one', () => {
    const editing = { ...NO_FILTERS, mode: 'edit' as const };
    expect(selectionOf(editing)).toEqual({});
    expect(selectionOf({ ...editing, view: 'changes' })).toEqual({ 'updates-only': 'true' });
    expect(selectionOf({ ...editing, view: 'unsubmitted' })).toEqual({
      'updates-only': 'true',
      'version-from': 'submitted',
    });
  });

  it('adds the prefixes as typed, spaces included, and leaves empty ones out', () => {
    expect(selectionOf({ ...NO_FILTERS, keyPrefix: '4111 ', valuePrefix: 'acq' })).toEqual({
      version: 'applied',
      'key-prefix': '4111 ',
      'value-prefix': 'acq',
    });
  });
});
