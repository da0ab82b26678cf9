import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TriStateFilter } from './TriStateFilter.js';
import type { TriStateMap } from './triState.js';

function Harness({ onValue }: { onValue: (m: TriStateMap) => void }) {
  const [v, setV] = useState<TriStateMap>({});
  return (
    <TriStateFilter
      label="Status"
      options={[
        { value: 'SUCCESS', label: 'Success' },
        { value: 'FAILED', label: 'Failed' },
      ]}
      value={v}
      onChange={(m) => {
        setV(m);
        onValue(m);
      }}
    />
  );
}

describe('TriStateFilter', () => {
  it('includes, excludes, and resets when the same choice is made again', async () => {
    const user = userEvent.setup();
    let last: TriStateMap = {};
    render(<Harness onValue={(m) => (last = m)} />);
    await user.click(screen.getByRole('button', { name: 'Include Success' }));
    expect(last).toEqual({ SUCCESS: 1 });
    expect(screen.getByRole('button', { name: 'Include Success' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Exclude Success' }));
    expect(last).toEqual({ SUCCESS: -1 });
    await user.click(screen.getByRole('button', { name: 'Exclude Success' }));
    expect(last).toEqual({});
    expect(screen.getByRole('button', { name: 'Exclude Success' })).toHaveAttribute('aria-pressed', 'false');
  });
});
