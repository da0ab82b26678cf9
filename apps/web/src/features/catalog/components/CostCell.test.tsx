import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { CostCell } from './CostCell.js';

describe('catalog list cost', () => {
  it('shows the 30-day cost, a red change badge above 70 %, and 1d/7d/30d in a popover', async () => {
    const user = userEvent.setup();
    renderWithApp(<CostCell row={{ cost_total_1d: 30, cost_total_7d: 100, cost_total_30d: 300 }} />);
    const trigger = screen.getByRole('button', { name: 'Cost' });
    expect(trigger).toHaveTextContent('$300');
    // 30 a day against an average of 10: +200 %.
    const badge = screen.getByTestId('cost-change');
    expect(badge).toHaveTextContent('+200%');
    expect(badge.className).toContain('text-health-unhealthy');
    await user.click(trigger);
    const list = await screen.findByLabelText('Costs');
    expect(
      within(list)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['1d', '7d', '30d']);
    expect(
      within(list)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['$30', '$100', '$300']);
  });

  it('shows no badge within 10 % of the daily average, a plain one for a moderate drop', () => {
    const { unmount } = renderWithApp(<CostCell row={{ cost_total_1d: 10.5, cost_total_30d: 300 }} />);
    expect(screen.queryByTestId('cost-change')).toBeNull();
    unmount();
    renderWithApp(<CostCell row={{ cost_total_1d: 5, cost_total_30d: 300 }} />);
    const badge = screen.getByTestId('cost-change');
    expect(badge).toHaveTextContent('-50%');
    expect(badge.className).not.toContain('text-health-unhealthy');
  });

  it('shows nothing without any cost', () => {
    renderWithApp(<CostCell row={{ cost_total_30d: null }} />);
    expect(screen.queryByRole('button', { name: 'Cost' })).toBeNull();
  });
});
