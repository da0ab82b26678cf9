import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { parseDurationFilter } from '../lib/durationFilter.js';
import { DurationFilter } from './CheckHistory.js';

describe('history duration filter', () => {
  it('accepts only a number followed by ms or s', () => {
    expect(parseDurationFilter('250ms')).toBe(250);
    expect(parseDurationFilter('1.5s')).toBe(1500);
    expect(parseDurationFilter('2m')).toBeUndefined();
    expect(parseDurationFilter('fast')).toBeUndefined();
  });

  it('filters by a preset and shows the error for an invalid custom value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<DurationFilter onChange={onChange} />);
    await user.selectOptions(screen.getByLabelText('Duration'), '500ms');
    expect(onChange).toHaveBeenLastCalledWith(500);
    await user.selectOptions(screen.getByLabelText('Duration'), 'custom');
    await user.type(screen.getByLabelText('Custom duration'), '3m');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'duration is allowed only in milli seconds & seconds',
    );
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.clear(screen.getByLabelText('Custom duration'));
    await user.type(screen.getByLabelText('Custom duration'), '2s');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(2000);
  });
});
