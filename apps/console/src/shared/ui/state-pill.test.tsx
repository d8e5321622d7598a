import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { StatePill } from './state-pill';

describe('state pills', () => {
  it('shows the label as written, coloured by its kind', () => {
    renderWithProviders(
      <>
        <StatePill label="SAF queue" kind="incomplete" />
        <StatePill label="Declined" kind="error" />
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
