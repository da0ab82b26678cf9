import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConfigDetail } from '../api/schemas.js';
import { ConfigSidePanel } from './ConfigSidePanel.js';

const base: ConfigDetail = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'web-1',
  type: 'Kubernetes::Pod',
  config_class: 'Pod',
  status: 'Running',
  health: 'healthy',
  tags: {},
  labels: {
    'topology.kubernetes.io/region': 'eu-west-1',
    'topology.kubernetes.io/zone': 'eu-west-1b',
    'app.kubernetes.io/name': 'web',
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  last_scraped_time: '2026-01-01T10:00:00Z',
  deleted_at: null,
  cost_per_minute: null,
  cost_total_1d: null,
  cost_total_7d: null,
  cost_total_30d: null,
};

function show(c: ConfigDetail | undefined, now = new Date('2026-01-01T10:30:00Z')) {
  return render(
    <MemoryRouter>
      <ConfigSidePanel config={c} now={now} />
    </MemoryRouter>,
  );
}

describe('ConfigSidePanel', () => {
  it("says 'Details not found' without an item", () => {
    show(undefined);
    expect(screen.getByText('Details not found')).toBeInTheDocument();
  });

  it('merges region and zone, leaves out the name label, hides class and cost when they add nothing', () => {
    const { container } = show(base);
    const group = container.querySelector('[data-group="region/zone"]');
    expect(group?.textContent).toContain('eu-west-1b');
    expect(group?.textContent).toContain('eu-west-1');
    expect(screen.queryByText('app.kubernetes.io/name')).toBeNull();
    expect(screen.queryByText('Class')).toBeNull();
    expect(screen.queryByText('Cost')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('warns about a stale scrape and shows class and cost when set', () => {
    show(
      { ...base, type: 'AWS::EC2::Instance', config_class: 'VirtualMachine', cost_total_30d: 12.5 },
      new Date('2026-01-01T12:00:00Z'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Last scraped');
    expect(screen.getByText('VirtualMachine')).toBeInTheDocument();
    expect(screen.getByText('30d $13')).toBeInTheDocument();
  });
});
