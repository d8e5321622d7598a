import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedChoice } from './segmented-choice';

function Choice() {
  const [value, setValue] = useState<'Live' | 'Paused'>('Live');
  return (
    <>
      <SegmentedChoice label="Refresh" options={['Live', 'Paused']} value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('SegmentedChoice', () => {
  it('is a named group of radios, chosen by a click on a segment or by the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Choice />);
    const group = screen.getByRole('radiogroup', { name: 'Refresh' });
    expect(screen.getByRole('radio', { name: 'Live' })).toBeChecked();
    await user.click(screen.getByText('Paused'));
    expect(screen.getByRole('radio', { name: 'Paused' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Paused');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Live' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    expect(group).toContainElement(screen.getByRole('radio', { name: 'Paused' }));
  });
});
