import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.js';
import { MultiSelect, type Option } from './MultiSelect.js';

const TEAMS: Option[] = [
  { value: '1', label: 'Platform' },
  { value: '2', label: 'Payments' },
  { value: '3', label: 'Edge' },
];

function Harness(props: Partial<Parameters<typeof MultiSelect>[0]>) {
  const [v, setV] = useState<string[]>([]);
  return <MultiSelect label="Team" value={v} onChange={setV} {...props} />;
}

describe('MultiSelect', () => {
  it('filters fixed options and selects several', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness options={TEAMS} />);
    await user.click(screen.getByRole('button', { name: 'Team' }));
    await user.click(screen.getByRole('option', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: 'Edge' }));
    expect(screen.getByRole('button', { name: 'Team' })).toHaveTextContent('2 selected');
    await user.type(screen.getByLabelText('Search Team'), 'zzz');
    expect(await screen.findByText('No options found')).toBeInTheDocument();
  });

  it("asks to type before searching the server, debounces, and says 'No options found'", async () => {
    const user = userEvent.setup();
    const load = vi.fn(async (text: string) =>
      TEAMS.filter((t) => t.label.toLowerCase().startsWith(text.toLowerCase())),
    );
    renderWithApp(<Harness loadOptions={load} />);
    await user.click(screen.getByRole('button', { name: 'Team' }));
    expect(screen.getByText('Start typing to search')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search Team'), 'pa');
    expect(await screen.findByRole('option', { name: 'Payments' })).toBeInTheDocument();
    // Typing two letters quickly asks the server once, for the whole text.
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toBe('pa');
    await user.type(screen.getByLabelText('Search Team'), 'x');
    await waitFor(() => expect(screen.getByText('No options found')).toBeInTheDocument());
  });
});
