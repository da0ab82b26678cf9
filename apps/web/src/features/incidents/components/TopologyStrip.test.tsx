import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { incidentSchema } from '../api/types.js';
import { INC_ID, incident, serve } from '../test/serve.js';
import { TopologyStrip } from './TopologyStrip.js';

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';

const evidence = (id: string, type: string, componentId: string | null) => ({
  id,
  hypothesis_id: 'h1',
  type,
  component_id: componentId,
  description: null,
});

/** An incident whose root hypothesis carries the given evidence. */
function withEvidence(evidences: unknown[]) {
  const base = incident();
  const root = base.hypotheses[0];
  return incidentSchema.parse({ ...base, hypotheses: [{ ...root, evidences }] });
}

const components = [
  {
    id: C1,
    name: 'payments-api',
    icon: 'kubernetes',
    type: 'Service',
    status: 'unhealthy',
    status_reason: '3 of 5 pods crashing',
    summary: null,
  },
  {
    id: C2,
    name: 'orders-db',
    icon: null,
    type: 'Database',
    status: 'healthy',
    status_reason: null,
    summary: {},
  },
];

function open(evidences: unknown[]) {
  const server = serve(['viewer'], { 'GET /api/db/components': () => components });
  renderWithApp(<TopologyStrip incident={withEvidence(evidences)} />, {
    url: `/incidents/${INC_ID}`,
    route: '/incidents/:id',
  });
  return server;
}

const componentCalls = (server: ReturnType<typeof open>) =>
  server.requests.filter((r) => r.url.pathname === '/api/db/components');

describe('TopologyStrip', () => {
  it('reads the components of topology evidence in one call and links a card to each', async () => {
    const server = open([
      evidence('e1', 'topology', C1),
      evidence('e2', 'topology', C2),
      // The same component twice, evidence of another type, topology without a component: ignored.
      evidence('e3', 'topology', C1),
      evidence('e4', 'config', C2),
      evidence('e5', 'topology', null),
    ]);
    const strip = await screen.findByRole('list', { name: 'Topology components' });
    const cards = await within(strip).findAllByTestId('topology-strip-card');
    expect(cards).toHaveLength(2);

    const calls = componentCalls(server);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('id')).toBe(`in.(${C1},${C2})`);
    expect(calls[0]?.url.searchParams.get('select')).toBe('id,name,icon,type,status,status_reason,summary');

    const [api, db] = cards as [HTMLElement, HTMLElement];
    expect(api).toHaveAttribute('href', `/topology/${C1}`);
    expect(api).toHaveTextContent('payments-api');
    expect(api).toHaveTextContent('Service');
    expect(api).toHaveTextContent('3 of 5 pods crashing');
    expect(api).toHaveAttribute('title', '3 of 5 pods crashing');
    expect(api).toHaveClass('border-health-unhealthy');
    expect(within(api).getByRole('img', { name: 'unhealthy' })).toHaveAttribute('data-colour', 'red');
    expect(api.querySelector('[data-icon="kubernetes"]')).not.toBeNull();

    expect(db).toHaveAttribute('href', `/topology/${C2}`);
    expect(db).toHaveTextContent('orders-db');
    expect(db).not.toHaveAttribute('title');
    expect(within(db).getByRole('img', { name: 'healthy' })).toHaveAttribute('data-colour', 'green');
    // No icon of its own: drawn by its type.
    expect(db.querySelector('[data-icon="Database"]')).not.toBeNull();
  });

  it('shows no strip and makes no call without topology evidence', async () => {
    const server = open([evidence('e1', 'check', null), evidence('e2', 'config', C1)]);
    // Give a request that was going to go out the time to do so.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'Topology components' })).toBeNull();
    expect(componentCalls(server)).toHaveLength(0);
  });
});
