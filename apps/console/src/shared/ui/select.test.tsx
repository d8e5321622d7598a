import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Select } from './select';

function Colour() {
  const [value, setValue] = useState<string | null>('red');
  return (
    <>
      <Select label="Colour" data={['red', 'green', 'blue']} value={value} onChange={setValue} />
      <p>chosen {value}</p>
    </>
  );
}

describe('Select', () => {
  it('mounts no options until the field is reached, then keeps them for the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Colour />);
    expect(screen.queryByRole('option', { hidden: true }), 'nothing to position at first paint').toBeNull();

    await user.tab();
    expect(document.activeElement, 'the select has the focus').toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.getAllByRole('option', { hidden: true }), 'mounted, closed, once reached').toHaveLength(3);

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(screen.getByText('chosen green')).toBeInTheDocument();
  });
});
