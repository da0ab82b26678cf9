import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl } from './SegmentedControl.js';

const VIEWS = [
  { value: 'table', label: 'Table' },
  { value: 'graph', label: 'Graph' },
] as const;

const checked = () => screen.getAllByRole('radio').map((r) => r.getAttribute('aria-checked'));

describe('SegmentedControl', () => {
  it('shows the chosen segment on, asks for another, and keeps the chosen one on when clicked again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <SegmentedControl label="View" options={VIEWS} value="table" onChange={onChange} />,
    );
    expect(screen.getByRole('radiogroup', { name: 'View' })).toBeInTheDocument();
    expect(checked()).toEqual(['true', 'false']);

    await user.click(screen.getByRole('radio', { name: 'Graph' }));
    expect(onChange).toHaveBeenLastCalledWith('graph');
    rerender(<SegmentedControl label="View" options={VIEWS} value="graph" onChange={onChange} />);
    expect(checked()).toEqual(['false', 'true']);

    await user.click(screen.getByRole('radio', { name: 'Graph' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(checked()).toEqual(['false', 'true']);
  });

  it('shows no segment on for a value outside its options', () => {
    render(<SegmentedControl label="Card size" options={VIEWS} value="custom" onChange={() => undefined} />);
    expect(checked()).toEqual(['false', 'false']);
  });
});
