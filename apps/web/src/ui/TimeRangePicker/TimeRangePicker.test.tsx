import { QUICK_RANGES, type TimeRange } from '@opsdeck/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.js';
import { readRecentRanges, rememberRange } from './recent.js';
import { useTimeRangeParams } from './timeRangeParams.js';
import { TimeRangePicker } from './TimeRangePicker.js';

function UrlPicker() {
  const [range, setRange] = useTimeRangeParams('t_');
  return <TimeRangePicker value={range} onChange={setRange} onClear={() => setRange(undefined)} />;
}

describe('TimeRangePicker', () => {
  it('offers relative ranges from 5 minutes to 5 years and the 14 quick ranges', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <TimeRangePicker
        value={{ type: 'relative', range: 'now-2d', display: 'Last 2 days' }}
        onChange={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    expect(screen.getByRole('button', { name: 'Last 5 minutes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 5 years' })).toBeInTheDocument();
    const quick = screen.getByRole('heading', { name: 'Quick ranges' }).parentElement as HTMLElement;
    expect(within(quick).getAllByRole('button')).toHaveLength(14);
    expect(within(quick).getByRole('button', { name: 'Yesterday' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Future' })).toBeNull();
  });

  it('writes the chosen range to the URL and clearing removes it', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<UrlPicker />);
    expect(screen.getByRole('button', { name: 'Time range' })).toHaveTextContent('Last 2 days');
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    await user.click(screen.getByRole('button', { name: 'Last 1 hour' }));
    expect(location().searchParams.get('t_rangeType')).toBe('relative');
    expect(location().searchParams.get('t_range')).toBe('now-1h');
    expect(screen.getByRole('button', { name: 'Time range' })).toHaveTextContent('Last 1 hour');
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    await user.click(screen.getByRole('button', { name: QUICK_RANGES[0]?.display ?? '' }));
    expect(location().searchParams.get('t_rangeType')).toBe('mapped');
    expect(location().searchParams.get('t_from')).toBe('now/d');
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(location().searchParams.get('t_rangeType')).toBeNull();
    expect(location().searchParams.get('t_from')).toBeNull();
  });

  it('submits an absolute range only when From and To are both set, and remembers it', async () => {
    const user = userEvent.setup();
    const changes: TimeRange[] = [];
    function Harness() {
      const [v, setV] = useState<TimeRange>({ type: 'relative', range: 'now-2d', display: 'Last 2 days' });
      return (
        <TimeRangePicker
          value={v}
          onChange={(r) => {
            changes.push(r);
            setV(r);
          }}
        />
      );
    }
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('From'), '2026-01-05T10:00');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('To'), '2026-01-06T12:30');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(changes.at(-1)).toMatchObject({
      type: 'absolute',
      display: 'Custom',
      from: new Date('2026-01-05T10:00').toISOString(),
    });
    expect(readRecentRanges()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    expect(
      within(screen.getByRole('list', { name: 'Recently used ranges' })).getAllByRole('button'),
    ).toHaveLength(1);
  });

  it('keeps five recent absolute ranges, newest first, without duplicates', () => {
    const r = (d: number): TimeRange => ({
      type: 'absolute',
      from: `2026-01-0${d}T00:00:00.000Z`,
      to: `2026-01-0${d}T06:00:00.000Z`,
      display: 'Custom',
    });
    for (const d of [1, 2, 3, 4, 5, 6, 3]) rememberRange(r(d));
    const list = readRecentRanges();
    expect(list).toHaveLength(5);
    expect(list.map((x) => (x.type === 'absolute' ? x.from.slice(8, 10) : ''))).toEqual([
      '03',
      '06',
      '05',
      '04',
      '02',
    ]);
  });

  it('picks a span on the calendar', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <TimeRangePicker
        value={{
          type: 'absolute',
          from: new Date(2026, 0, 10).toISOString(),
          to: new Date(2026, 0, 11).toISOString(),
          display: 'Custom',
        }}
        onChange={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Time range' }));
    await user.click(screen.getByRole('button', { name: new Date(2026, 0, 3).toDateString() }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-03T00:00');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: new Date(2026, 0, 7).toDateString() }));
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-07T23:59');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
