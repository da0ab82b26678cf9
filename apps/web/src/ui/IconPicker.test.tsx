import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IconPicker, matchingIcons } from './IconPicker.js';
import { iconForName, KNOWN_ICONS } from './NamedIcon.js';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <IconPicker label="Icon" value={value} onChange={setValue} />;
}

describe('IconPicker', () => {
  it('offers every icon NamedIcon knows, each drawn by its own name', () => {
    for (const i of KNOWN_ICONS) expect(iconForName(i.name)).toBe(i.icon);
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Icon' });
    expect(within(group).getAllByRole('button', { pressed: false })).toHaveLength(KNOWN_ICONS.length);
    expect(screen.getByTestId('chosen-icon')).toHaveTextContent('No icon');
  });

  it('searches by name and by what an icon is drawn for, and shows the chosen one', () => {
    expect(matchingIcons('postgres').map((i) => i.name)).toEqual(['database']);
    render(<Harness initial="kubernetes" />);
    expect(screen.getByRole('button', { name: 'kubernetes' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search icons' }), { target: { value: 'mai' } });
    expect(screen.queryByRole('button', { name: 'kubernetes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'mail' }));
    expect(screen.getByTestId('chosen-icon')).toHaveTextContent('mail');
    expect(screen.getByRole('button', { name: 'mail' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('chosen-icon')).toHaveTextContent('No icon');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search icons' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No icons match')).toBeInTheDocument();
  });
});
