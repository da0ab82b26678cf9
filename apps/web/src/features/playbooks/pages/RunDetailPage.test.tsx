import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { CHECK_ID, PB_ID, run, RUN_ID, serve } from '../test/serve.js';
import { RunDetailPage } from './RunDetailPage.js';

const STEP = {
  id: 'a1',
  name: 'say',
  status: 'running',
  retry_count: 0,
  start_time: '2026-11-01T10:00:02Z',
  end_time: null,
};

afterEach(() => {
  vi.useRealTimers();
});

function page() {
  return renderWithApp(<RunDetailPage />, { url: `/playbooks/runs/${RUN_ID}`, route: '/playbooks/runs/:id' });
}

describe('run page', () => {
  it('polls the run every 2 s and the step every 1 s, and stops once both are final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let runStatus = 'running';
    let stepStatus = 'running';
    const server = serve(['admin'], {
      'GET /api/db/playbook_runs': () => [run({ status: runStatus })],
      'GET /api/db/rpc/get_playbook_run_actions': () => [{ ...STEP, status: stepStatus }],
      'GET /api/db/playbook_run_actions': () => [
        {
          ...STEP,
          status: stepStatus,
          result: stepStatus === 'completed' ? { stdout: 'hello from api-health', exitCode: 0 } : {},
        },
      ],
    });
    const count = (path: string) => server.requests.filter((r) => r.url.pathname === path).length;
    page();
    expect(await screen.findByTestId('run-status')).toHaveTextContent('Running');
    expect(await screen.findByText('No result')).toBeInTheDocument();
    const runQuery = server.requests.find((r) => r.url.pathname === '/api/db/playbook_runs');
    expect(runQuery?.url.searchParams.get('select')).toBe(
      '*,playbooks(id,name,title,icon,spec),created_by(id,name,avatar),playbook_approvals(*)',
    );
    const steps = server.requests.find((r) => r.url.pathname === '/api/db/rpc/get_playbook_run_actions');
    expect(steps?.method).toBe('GET');
    expect(steps?.url.searchParams.get('run_id')).toBe(RUN_ID);

    const stepsBefore = count('/api/db/playbook_run_actions');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(count('/api/db/playbook_run_actions')).toBeGreaterThan(stepsBefore);

    runStatus = 'completed';
    stepStatus = 'completed';
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(screen.getByTestId('run-status')).toHaveTextContent('Completed'));
    expect(await screen.findByText('hello from api-health')).toBeInTheDocument();

    const runsAtEnd = count('/api/db/playbook_runs');
    const stepsAtEnd = count('/api/db/playbook_run_actions');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(count('/api/db/playbook_runs')).toBe(runsAtEnd);
    expect(count('/api/db/playbook_run_actions')).toBe(stepsAtEnd);
  });

  it('shows an Initialization step with the error when the run failed before any action', async () => {
    serve(['viewer'], {
      'GET /api/db/playbook_runs': () => [
        run({ status: 'failed', error: 'template: bad parameter', end_time: '2026-11-01T10:00:03Z' }),
      ],
      'GET /api/db/rpc/get_playbook_run_actions': () => [],
    });
    page();
    expect(await screen.findByRole('button', { name: /Initialization/ })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('template: bad parameter');
    // Readers do not get the write buttons.
    expect(screen.queryByRole('button', { name: 'Re-run playbook' })).toBeNull();
  });

  it('does not let a skipped step be selected, and renders SQL rows as a table', async () => {
    const user = userEvent.setup();
    serve(['admin'], {
      'GET /api/db/playbook_runs': () => [run({ status: 'completed', end_time: '2026-11-01T10:00:09Z' })],
      'GET /api/db/rpc/get_playbook_run_actions': () => [
        { ...STEP, id: 'a0', name: 'skipped-one', status: 'skipped' },
        { ...STEP, id: 'a1', name: 'query', status: 'completed' },
      ],
      'GET /api/db/playbook_run_actions': () => [
        {
          ...STEP,
          name: 'query',
          status: 'completed',
          result: { query: 'select', rows: [{ pod: 'web-1' }], count: 1, columns: [{ name: 'pod' }] },
        },
      ],
    });
    page();
    const skipped = await screen.findByRole('button', { name: /skipped-one/ });
    expect(skipped).toBeDisabled();
    expect(await screen.findByRole('cell', { name: 'web-1' })).toBeInTheDocument();
    await user.click(skipped);
    expect(screen.getByRole('button', { name: /query/ })).toHaveAttribute('aria-current', 'step');
  });

  it('shows the agent a step ran on, and nothing for a step that ran here', async () => {
    serve(['admin'], {
      'GET /api/db/playbook_runs': () => [run({ status: 'completed', end_time: '2026-11-01T10:00:09Z' })],
      'GET /api/db/rpc/get_playbook_run_actions': () => [
        {
          ...STEP,
          id: 'a0',
          name: 'on-edge',
          status: 'completed',
          agent: { id: '7b0c5c8e-2f7a-4f0e-9a57-1c2d3e4f5a6b', name: 'edge' },
        },
        { ...STEP, id: 'a1', name: 'here', status: 'completed', agent: null },
      ],
      'GET /api/db/playbook_run_actions': () => [{ ...STEP, id: 'a0', name: 'on-edge', status: 'completed' }],
    });
    page();
    const onEdge = await screen.findByRole('button', { name: /on-edge/ });
    expect(onEdge).toHaveTextContent('edge');
    expect(screen.getByTitle('Agent: edge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /here/ })).not.toHaveTextContent('edge');
  });

  it('re-runs with the same playbook, resource and params, then opens the new run', async () => {
    const user = userEvent.setup();
    const server = serve(['admin'], {
      'GET /api/db/playbook_runs': () => [run({ status: 'completed', end_time: '2026-11-01T10:00:09Z' })],
      'GET /api/db/rpc/get_playbook_run_actions': () => [],
      'POST /api/playbook/run': () => json({ run_id: 'run-2', starts_at: null }, { status: 201 }),
    });
    const app = page();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Re-run playbook' }));
    await waitFor(() => expect(app.location().pathname).toBe('/playbooks/runs/run-2'));
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ id: PB_ID, check_id: CHECK_ID, params: { greeting: 'hello' } });
  });

  it('shows a secret parameter as [REDACTED] and re-runs without it', async () => {
    const user = userEvent.setup();
    const server = serve(['admin'], {
      'GET /api/db/playbook_runs': () => [
        run({ status: 'completed', parameters: { greeting: 'hello', token: '[REDACTED]' } }),
      ],
      'GET /api/db/rpc/get_playbook_run_actions': () => [],
      'POST /api/playbook/run': () => json({ run_id: 'run-3', starts_at: null }, { status: 201 }),
    });
    const app = page();
    await user.click(await screen.findByRole('button', { name: 'Params' }));
    const dialog = await screen.findByRole('dialog', { name: 'Params' });
    expect(dialog).toHaveTextContent('token[REDACTED]');
    expect(screen.getByText('[REDACTED]')).toHaveAttribute(
      'title',
      "A secret parameter: only the run's actions got its value",
    );
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Re-run playbook' }));
    await waitFor(() => expect(app.location().pathname).toBe('/playbooks/runs/run-3'));
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ id: PB_ID, check_id: CHECK_ID, params: { greeting: 'hello' } });
  });

  it('approves a run waiting for approval and shows a refusal', async () => {
    const user = userEvent.setup();
    serve(['admin'], {
      'GET /api/db/playbook_runs': () => [run({ status: 'pending_approval', start_time: null })],
      'GET /api/db/rpc/get_playbook_run_actions': () => [],
      [`POST /api/playbook/run/approve/${RUN_ID}`]: () =>
        json({ message: 'you are not an approver' }, { status: 403 }),
    });
    page();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('you are not an approver')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('shows the params the run was started with', async () => {
    const user = userEvent.setup();
    serve(['viewer'], {
      'GET /api/db/playbook_runs': () => [run({ status: 'completed' })],
      'GET /api/db/rpc/get_playbook_run_actions': () => [],
    });
    page();
    await user.click(await screen.findByRole('button', { name: 'Params' }));
    expect(await screen.findByRole('dialog', { name: 'Params' })).toHaveTextContent('greetinghello');
    expect(screen.getByText('Maya Okafor')).toBeInTheDocument();
  });
});
