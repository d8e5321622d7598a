import { screen } from '@testing-library/react';
import { TRANSACTION_STATES } from '@web-control/contract/transactions';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { StatePill, stateKind } from './state-pill';

describe('state pills', () => {
  it('gives each state of the specification its kind, and any other state info', () => {
    expect(Object.fromEntries(TRANSACTION_STATES.map((state) => [state, stateKind(state)]))).toEqual({
      'In flight': 'info',
      'SAF queue': 'incomplete',
      Approved: 'success',
      Declined: 'error',
      Timeout: 'unavailable',
      Completed: 'success',
      'Completed abnormally': 'info',
    });
    expect(stateKind('Reversed')).toBe('info');
  });

  it('shows the state as written, coloured by its kind', () => {
    renderWithProviders(
      <>
        <StatePill state="SAF queue" />
        <StatePill state="Declined" />
      </>,
    );
    const saf = screen.getByText('SAF queue').closest('[data-kind]');
    const declined = screen.getByText('Declined').closest('[data-kind]');
    expect(saf).toHaveAttribute('data-kind', 'incomplete');
    expect(declined).toHaveAttribute('data-kind', 'error');
    expect(saf?.getAttribute('style')).toContain('--mantine-color-orange-6');
    expect(declined?.getAttribute('style')).toContain('--mantine-color-red-9');
  });
});
