import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.js';
import { RefreshRateSelect, useRefreshRate } from './RefreshRate.js';
import { allowedRefreshRate, disabledRefreshRates, REFRESH_RATES, refreshRateMs } from './refreshRate.js';

describe('refresh rate rules', () => {
  it('offers None, 15s, 30s, 60s, 2m, 3m, 5m, 10m, 15m', () => {
    expect(REFRESH_RATES).toEqual(['', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m']);
    expect(refreshRateMs('')).toBe(false);
    expect(refreshRateMs('2m')).toBe(120_000);
  });

  it('disables 15s and 30s from 60 minutes, and also 2m and 3m from 180 minutes', () => {
    expect([...disabledRefreshRates(59)]).toEqual([]);
    expect([...disabledRefreshRates(60)]).toEqual(['15s', '30s']);
    expect([...disabledRefreshRates(180)]).toEqual(['15s', '30s', '2m', '3m']);
  });

  it('moves a disabled selection to the next allowed option', () => {
    expect(allowedRefreshRate('15s', 60)).toBe('60s');
    expect(allowedRefreshRate('2m', 180)).toBe('5m');
    expect(allowedRefreshRate('15s', 180)).toBe('60s');
    expect(allowedRefreshRate('10m', 1440)).toBe('10m');
  });
});

function Harness() {
  const [minutes, setMinutes] = useState(15);
  const [rate, setRate] = useRefreshRate('test', minutes);
  return (
    <>
      <button onClick={() => setMinutes(180)}>long range</button>
      <RefreshRateSelect value={rate} onChange={setRate} rangeMinutes={minutes} />
    </>
  );
}

describe('RefreshRateSelect', () => {
  it('stores the choice locally and moves it when the range gets long', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: /^Refresh rate:/ }));
    await user.click(screen.getByRole('menuitem', { name: '30s' }));
    // The label is visible, and the name carries the chosen rate.
    expect(screen.getByRole('button', { name: 'Refresh rate: 30s' })).toBeInTheDocument();
    expect(window.localStorage.getItem('opsdeck.refreshRate.test')).toBe('"30s"');
    await user.click(screen.getByRole('button', { name: 'long range' }));
    expect(screen.getByRole('button', { name: /^Refresh rate:/ })).toHaveTextContent('60s');
    await user.click(screen.getByRole('button', { name: /^Refresh rate:/ }));
    expect(screen.getByRole('menuitem', { name: '2m' })).toHaveAttribute('data-disabled');
    expect(screen.getByRole('menuitem', { name: '5m' })).not.toHaveAttribute('data-disabled');
  });
});
