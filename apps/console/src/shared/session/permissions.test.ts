import { describe, expect, it } from 'vitest';
import { canWith } from './permissions';

describe('canWith', () => {
  const can = canWith(['VIEW_PROCESSES', 'SUBMIT_ACTIONS']);

  it('allows what every named permission is held for', () => {
    expect(can('SUBMIT_ACTIONS')).toBe(true);
    expect(can('VIEW_PROCESSES', 'SUBMIT_ACTIONS')).toBe(true);
  });

  it('refuses as soon as one is missing', () => {
    expect(can('APPROVE_ACTIONS')).toBe(false);
    expect(can('SUBMIT_ACTIONS', 'APPROVE_ACTIONS')).toBe(false);
  });
});
