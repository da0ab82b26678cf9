import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceActionsProvider, type ResourceAction } from '../../../platform/resourceActions.js';
import { fakeServer, json, pagedRows } from '../../../test/fakeServer.js';
import { fakeLayout } from '../../../test/layout.js';
import { renderWithApp } from '../../../test/render.js';
import { PlaybooksTab } from './PlaybooksTab.js';

const RUN = {
  id: 'r1',
  status: 'failed',
  created_at: '2026-11-01T10:00:00Z',
  start_time: '2026-11-01T10:00:00Z',
  end_time: '2026-11-01T10:00:05Z',
  trigger: 'config',
  playbooks: { id: 'p1', name: 'restart', title: 'Restart pod', icon: null },
  created_by: null,
};

const runAction: ResourceAction = {
  id: 'run-playbook',
  label: 'Run playbook',
  appliesTo: ['config'],
  render: ({ resource }) => <p>dialog for {resource.name}</p>,
};

describe('catalog Playbooks tab', () => {
  // A virtual table draws rows only in a laid-out box.
  beforeEach(() => fakeLayout());
  afterEach(() => vi.restoreAllMocks());

  it("lists the config's runs, opens a run on click and offers Run playbook", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      '/api/auth/whoami': () => ({ payload: { user: { id: 'u1' }, roles: ['admin'], permissions: [] } }),
      'GET /api/db/playbook_runs': () => json([RUN], { headers: { 'content-range': '0-0/1' } }),
    });
    const app = renderWithApp(
      <ResourceActionsProvider actions={[runAction]}>
        <PlaybooksTab configId="c1" configName="web-pod" />
      </ResourceActionsProvider>,
      { url: '/catalog/c1/playbooks' },
    );
    expect(await screen.findByText('Restart pod')).toBeInTheDocument();
    expect(screen.getByText('config')).toBeInTheDocument();
    const q = server.requests.find((r) => r.url.pathname === '/api/db/playbook_runs');
    expect(q?.url.searchParams.get('config_id')).toBe('eq.c1');
    await user.click(screen.getByRole('button', { name: 'Run playbook' }));
    expect(screen.getByText('dialog for web-pod')).toBeInTheDocument();
    await user.click(screen.getByText('Restart pod'));
    await waitFor(() => expect(app.location().pathname).toBe('/playbooks/runs/r1'));
  });

  it('is an infinite list of 50 runs a page, newest first, the next page loaded near the end', async () => {
    const runs = Array.from({ length: 75 }, (_, i) => ({
      ...RUN,
      id: `r${i}`,
      playbooks: { ...RUN.playbooks, title: `Run ${String(i).padStart(2, '0')}` },
    }));
    const server = fakeServer({
      '/api/auth/whoami': () => ({ payload: { user: { id: 'u1' }, roles: ['admin'], permissions: [] } }),
      'GET /api/db/playbook_runs': pagedRows(runs),
    });
    fakeLayout({ row: 45, box: 600, content: 50 * 45 });
    renderWithApp(<PlaybooksTab configId="c1" configName="web-pod" />, { url: '/catalog/c1/playbooks' });
    expect(await screen.findByText('Run 00')).toBeInTheDocument();
    const pages = () =>
      server.requests
        .filter((r) => r.url.pathname === '/api/db/playbook_runs')
        .map((r) => `${r.url.searchParams.get('offset')}+${r.url.searchParams.get('limit')}`);
    expect(pages()).toEqual(['0+50']);
    const first = server.requests.find((r) => r.url.pathname === '/api/db/playbook_runs');
    expect(first?.url.searchParams.get('order')).toBe('created_at.desc,id.asc');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();

    const box = screen.getByRole('region', { name: 'Table' });
    box.scrollTop = 50 * 45 - 600 - 200;
    fireEvent.scroll(box);
    await waitFor(() => expect(pages()).toEqual(['0+50', '50+50']));
    // 75 runs: the second page was the last.
    fireEvent.scroll(box);
    expect(pages()).toEqual(['0+50', '50+50']);
  });
});
