import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ScheduleControl } from './ScheduleControl.js';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ScheduleControl value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('ScheduleControl', () => {
  it('picks a preset interval', () => {
    render(<Harness initial="@every 5m" />);
    const select = screen.getByRole('combobox', { name: 'Schedule' });
    expect(select).toHaveValue('@every 5m');
    expect(screen.queryByRole('textbox', { name: 'Custom schedule' })).toBeNull();
    fireEvent.change(select, { target: { value: '@every 15m' } });
    expect(screen.getByRole('status')).toHaveTextContent('@every 15m');
  });

  it('takes a custom cron or interval as text', () => {
    render(<Harness initial="@every 5m" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Schedule' }), { target: { value: 'custom' } });
    const text = screen.getByRole('textbox', { name: 'Custom schedule' });
    fireEvent.change(text, { target: { value: '*/10 * * * *' } });
    expect(screen.getByRole('status')).toHaveTextContent('*/10 * * * *');
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue('custom');
  });

  it('shows a stored schedule outside the presets as custom', () => {
    render(<Harness initial="@every 3h" />);
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue('custom');
    expect(screen.getByRole('textbox', { name: 'Custom schedule' })).toHaveValue('@every 3h');
  });

  it.each([
    ['short', ['@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 2h', '@every 4h']],
    [
      'medium',
      [
        '@every 5m',
        '@every 15m',
        '@every 30m',
        '@hourly',
        '@every 2h',
        '@every 4h',
        '@every 6h',
        '@every 8h',
      ],
    ],
    [
      'default',
      [
        '@every 30s',
        '@every 1m',
        '@every 5m',
        '@every 15m',
        '@every 30m',
        '@hourly',
        '@every 2h',
        '@every 4h',
        '@every 6h',
        '@every 8h',
        '@daily',
        '@weekly',
      ],
    ],
  ] as const)('offers the %s presets of doc 3 §9', (presets, expected) => {
    render(<ScheduleControl value="" onChange={() => undefined} presets={presets} />);
    const options = [...screen.getByRole('combobox', { name: 'Schedule' }).querySelectorAll('option')].map(
      (o) => o.value,
    );
    expect(options).toEqual(['', ...expected, 'custom']);
  });
});
