import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { ResourceActionsProvider, type ResourceAction } from '../../../platform/resourceActions.js';
import { renderWithApp } from '../../../test/render.js';
import type { CheckSummary } from '../api/types.js';
import { CheckPanel } from './CheckPanel.js';

const check: CheckSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  canary_id: 'c',
  name: 'login',
  status: 'unhealthy',
  severity: 'critical',
  uptime: { passed: 9, failed: 1 },
  latency: { p95: 350, p97: 1234, p99: 150_000 },
};

function serve(summary: Partial<CheckSummary>) {
  return fakeServer({
    '/api/canary/api/summary': () => ({ checks_summary: [{ ...check, ...summary }] }),
    '/api/canary/api/graph': () => ({ status: [] }),
    '/api/db/check_statuses': () => [],
    '/api/db/checks': () => [],
  });
}

describe('check panel', () => {
  it('shows p95, p97 and p99 whole, in ms, s or min', async () => {
    serve({});
    renderWithApp(<CheckPanel checkId={check.id} check={check} onClose={() => undefined} />, {
      url: `/health?checkId=${check.id}`,
    });
    expect(await screen.findByTestId('latency-p95')).toHaveTextContent('p95 350 ms');
    expect(screen.getByTestId('latency-p97')).toHaveTextContent('p97 1.2 s');
    expect(screen.getByTestId('latency-p99')).toHaveTextContent('p99 2.5 min');
    expect(screen.getByTestId('latency-p95').closest('.truncate')).toBeNull();
  });

  it("shows the check's own severity, from its summary", async () => {
    serve({ severity: 'high' });
    renderWithApp(<CheckPanel checkId={check.id} check={check} onClose={() => undefined} />, {
      url: `/health?checkId=${check.id}`,
    });
    // The dashboard's row first, then the panel's fresh summary.
    expect(screen.getByTestId('panel-severity')).toHaveTextContent('critical');
    expect(await screen.findByText('high')).toBeInTheDocument();
  });

  it('shows a dash when the check has no severity', async () => {
    serve({ severity: null });
    renderWithApp(
      <CheckPanel checkId={check.id} check={{ ...check, severity: null }} onClose={() => undefined} />,
      { url: `/health?checkId=${check.id}` },
    );
    await screen.findByTestId('latency-p95');
    expect(screen.queryByTestId('panel-severity')).toBeNull();
  });

  it('offers the actions other areas contribute for checks (Link to Incident)', async () => {
    serve({});
    const link: ResourceAction = {
      id: 'link',
      label: 'Link to Incident',
      appliesTo: ['check'],
      render: ({ resource }) => <p>linking {`${resource.kind} ${resource.id} ${resource.name}`}</p>,
    };
    renderWithApp(
      <ResourceActionsProvider actions={[link]}>
        <CheckPanel checkId={check.id} check={check} onClose={() => undefined} />
      </ResourceActionsProvider>,
      { url: `/health?checkId=${check.id}` },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Link to Incident' }));
    expect(screen.getByText(`linking check ${check.id} login`)).toBeInTheDocument();
  });

  it('leaves out the evidence action (Link to Incident) when embedded, and keeps the others', async () => {
    serve({});
    const actions: ResourceAction[] = [
      { id: 'link-to-incident', label: 'Link to Incident', appliesTo: ['check'], render: () => null },
      { id: 'other', label: 'Other action', appliesTo: ['check'], render: () => null },
    ];
    renderWithApp(
      <ResourceActionsProvider actions={actions}>
        <CheckPanel checkId={check.id} check={check} onClose={() => undefined} embedded />
      </ResourceActionsProvider>,
      { url: `/health?checkId=${check.id}` },
    );
    expect(await screen.findByRole('button', { name: 'Other action' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link to Incident' })).toBeNull();
  });
});
