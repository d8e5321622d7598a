import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { StatusDot } from './status-dot';

describe('StatusDot', () => {
  it('names its status for screen readers and takes a class named after it', () => {
    renderWithProviders(<StatusDot status="online" />);
    expect(screen.getByRole('img', { name: 'Status: online' }).className).toMatch(/online/);
  });

  it('colours a status word it does not know grey', () => {
    renderWithProviders(<StatusDot status="inactive" />);
    expect(screen.getByRole('img', { name: 'Status: inactive' }).className).toMatch(/unknown/);
  });

  it('stays out of the accessibility tree when the status is written beside it', () => {
    renderWithProviders(
      <p>
        <StatusDot status="up" decorative />
        up
      </p>,
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});
