import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { RUN_LIST_SELECT } from '../api/runs.js';
import { counted, PB_ID, playbook, run, serve } from '../test/serve.js';
import { RunsPage } from './RunsPage.js';

const NAMES = [{ id: PB_ID, name: 'restart-pod', title: 'Restart pod' }];

describe('/playbooks/runs', () => {
  it('asks for one page of top-level runs in the last 7 days, newest first, counted', async () => {
    const server = serve(['viewer'], {
      'GET /api/db/playbook_names': () => NAMES,
      'GET /api/db/playbook_runs': () =>
        counted(
          [
            run({ status: 'completed', end_time: '2026-11-01T10:00:31Z' }),
            run({ id: 'r2', created_by: null, trigger: 'webhook', check: null }),
          ],
          120,
        ),
    });
    renderWithApp(<RunsPage />, { url: '/playbooks/runs' });
    expect(await screen.findByText('Maya Okafor')).toBeInTheDocument();
    expect(screen.getByText('webhook')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      expect.stringContaining('/health?checkId='),
    );
    expect(screen.getByText('30s')).toBeInTheDocument();
    const q = server.requests.find((r) => r.url.pathname === '/api/db/playbook_runs');
    const p = q?.url.searchParams;
    expect(p?.get('parent_id')).toBe('is.null');
    expect(p?.get('order')).toBe('created_at.desc');
    expect(p?.get('select')).toBe(RUN_LIST_SELECT);
    expect(p?.get('offset')).toBe('0');
    expect(p?.get('limit')).toBe('50');
    expect(p?.get('or')).toMatch(
      /^\(and\(start_time\.gte\..+,start_time\.lte\..+\),and\(created_at\.gte\..+,created_at\.lte\..+\)\)$/,
    );
    const start = Date.parse(/start_time\.gte\.([^,]+),/.exec(p?.get('or') ?? '')?.[1] ?? '');
    expect(Date.now() - start).toBeGreaterThan(6.9 * 86_400_000);
    expect(Date.now() - start).toBeLessThan(7.1 * 86_400_000);
    expect(new Headers(q?.init.headers).get('prefer')).toContain('count=exact');
  });

  it("filters by playbook and status ('pending' is pending_approval), offering Edit and Run for one playbook", async () => {
    const user = userEvent.setup();
    const server = serve(['admin'], {
      'GET /api/db/playbook_names': () => NAMES,
      'GET /api/db/playbooks': () => [playbook()],
      'GET /api/db/playbook_runs': () => counted([]),
    });
    const app = renderWithApp(<RunsPage />, { url: '/playbooks/runs' });
    expect(screen.queryByRole('button', { name: 'Run Playbook' })).toBeNull();
    await screen.findByRole('option', { name: 'Restart pod' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Playbook' }), PB_ID);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    expect(app.location().searchParams.get('playbook')).toBe(PB_ID);
    await waitFor(() => {
      const last = server.requests.filter((r) => r.url.pathname === '/api/db/playbook_runs').at(-1);
      expect(last?.url.searchParams.get('playbook_id')).toBe(`eq.${PB_ID}`);
      expect(last?.url.searchParams.get('status')).toBe('eq.pending_approval');
    });
    expect(await screen.findByRole('button', { name: 'Edit Playbook' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Playbook' }));
    expect(await screen.findByText('Please select a resource to see the parameters.')).toBeInTheDocument();
  });
});
