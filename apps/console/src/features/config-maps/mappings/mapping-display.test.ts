import { describe, expect, it } from 'vitest';
import { changedValueOf, mappingDisplayOf } from './mapping-display';

describe('how a mapping row reads', () => {
  it('shows a deleted row with the value it had, offering no edit', () => {
    expect(
      mappingDisplayOf({ key: '4111', value: null, state: 'deleted', previousValue: 'acquirer-a' }),
    ).toEqual({
      value: 'acquirer-a',
      previousValue: null,
      stateLabel: 'Deleted',
      editable: false,
    });
  });

  it('shows an updated row with its new value and the one it replaces', () => {
    expect(
      mappingDisplayOf({ key: '4111', value: 'acquirer-b', state: 'updated', previousValue: 'acquirer-a' }),
    ).toEqual({ value: 'acquirer-b', previousValue: 'acquirer-a', stateLabel: 'Updated', editable: true });
  });

  it('shows added and unchanged rows with their value only', () => {
    expect(mappingDisplayOf({ key: 'k', value: 'v', state: 'added', previousValue: null })).toEqual({
      value: 'v',
      previousValue: null,
      stateLabel: 'Added',
      editable: true,
    });
    expect(mappingDisplayOf({ key: 'k', value: 'v', state: 'unchanged', previousValue: 'v' })).toEqual({
      value: 'v',
      previousValue: null,
      stateLabel: null,
      editable: true,
    });
  });
});

describe('sending an edit only when the value changed', () => {
  it('sends nothing for the same value, and the typed value otherwise, spaces included', () => {
    expect(changedValueOf('acquirer-a', 'acquirer-a')).toBeNull();
    expect(changedValueOf('acquirer-a', 'acquirer-b')).toBe('acquirer-b');
    expect(changedValueOf('acquirer-a', 'acquirer-a ')).toBe('acquirer-a ');
  });
});
