import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { CodeEditorProps } from '../../../ui/CodeEditor/types.js';
import type { PlaybookRow } from '../api/types.js';
import { CHECK_ID, PB_ID, playbook, serve } from '../test/serve.js';
import { RunPlaybookDialog } from './RunPlaybookDialog.js';

vi.mock('../../../ui/CodeEditor/CodeEditor.js', () => ({
  CodeEditor: ({ value, onChange, ariaLabel }: CodeEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const PARAMS = {
  params: [
    { name: 'greeting', label: 'Greeting', type: 'text', required: true, default: 'hello from api-health' },
    { name: 'reason', label: 'Reason', type: 'text', required: true },
    { name: 'force', label: 'Force', type: 'checkbox' },
    {
      name: 'mode',
      label: 'Mode',
      type: 'list',
      properties: {
        options: [
          { label: 'Fast', value: 'fast' },
          { label: 'Safe', value: 'safe' },
        ],
      },
      default: 'safe',
    },
  ],
};

const check = { kind: 'check' as const, id: CHECK_ID, name: 'api-health' };

describe('Run playbook dialog from a resource', () => {
  it('lists the playbooks for the resource, prefills defaults and enables Run once valid', async () => {
    const user = userEvent.setup();
    const runs: FakeRequest[] = [];
    let release: () => void = () => undefined;
    const server = serve(['admin'], {
      'GET /api/playbook/list': () => [playbook()],
      [`POST /api/playbook/${PB_ID}/params`]: () => PARAMS,
      'POST /api/playbook/run': async (req) => {
        runs.push(req);
        await new Promise<void>((r) => (release = r));
        return json({ run_id: 'run-9', starts_at: '2026-11-01T10:00:00Z' }, { status: 201 });
      },
    });
    const close = vi.fn();
    const app = renderWithApp(<RunPlaybookDialog resource={check} close={close} />, { url: '/health' });

    // The only playbook offered is chosen; its parameters come for this check.
    expect(await screen.findByRole('textbox', { name: 'Greeting' })).toHaveValue('hello from api-health');
    expect(server.hrefs()).toContain(`/api/playbook/list?check_id=${CHECK_ID}`);
    const params = server.requests.find((r) => r.url.pathname.endsWith('/params'));
    expect(params?.body).toEqual({ id: PB_ID, check_id: CHECK_ID });
    expect(screen.getByText('api-health')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('safe');

    const runButton = screen.getByRole('button', { name: 'Run' });
    expect(runButton).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'flaky');
    await user.click(screen.getByRole('checkbox', { name: 'Force' }));
    expect(runButton).toBeEnabled();

    await user.click(runButton);
    expect(await screen.findByRole('button', { name: 'Running...' })).toBeDisabled();
    expect(runs[0]?.body).toEqual({
      id: PB_ID,
      check_id: CHECK_ID,
      params: { greeting: 'hello from api-health', reason: 'flaky', force: 'true', mode: 'safe' },
    });
    release();
    await waitFor(() => expect(app.location().pathname).toBe('/playbooks/runs/run-9'));
    expect(close).toHaveBeenCalled();
  });

  it("shows the server's 400 message as a toast and keeps the dialog open", async () => {
    const user = userEvent.setup();
    serve(['admin'], {
      'GET /api/playbook/list': () => [playbook()],
      [`POST /api/playbook/${PB_ID}/params`]: () => ({ params: [] }),
      'POST /api/playbook/run': () =>
        json({ message: 'missing required parameter(s): a, b' }, { status: 400 }),
    });
    renderWithApp(<RunPlaybookDialog resource={check} close={() => undefined} />);
    expect(await screen.findByText('No parameters for this playbook.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('missing required parameter(s): a, b')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });
});

describe('Run playbook dialog: sizes', () => {
  it('memory in Mi (default), Gi or Ti and CPU in millicores, from the type or properties.format', async () => {
    const user = userEvent.setup();
    const runs: FakeRequest[] = [];
    serve(['admin'], {
      'GET /api/playbook/list': () => [playbook()],
      [`POST /api/playbook/${PB_ID}/params`]: () => ({
        params: [
          { name: 'memory', label: 'Memory', type: 'text', properties: { format: 'bytes' } },
          { name: 'limit', label: 'Limit', type: 'bytes', default: '2Gi' },
          { name: 'cpu', label: 'CPU', type: 'text', properties: { format: 'millicores' } },
        ],
      }),
      'POST /api/playbook/run': (req) => {
        runs.push(req);
        return json({ run_id: 'run-1', starts_at: '2026-11-01T10:00:00Z' }, { status: 201 });
      },
    });
    renderWithApp(<RunPlaybookDialog resource={check} close={() => undefined} />, { url: '/health' });
    const memory = await screen.findByRole('spinbutton', { name: 'Memory' });
    expect(screen.getByRole('combobox', { name: 'Memory unit' })).toHaveValue('Mi');
    expect(
      [...screen.getByRole('combobox', { name: 'Memory unit' }).querySelectorAll('option')].map(
        (o) => o.value,
      ),
    ).toEqual(['Mi', 'Gi', 'Ti']);
    expect(screen.getByRole('spinbutton', { name: 'Limit' })).toHaveValue(2);
    expect(screen.getByRole('combobox', { name: 'Limit unit' })).toHaveValue('Gi');
    await user.type(memory, '512');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Limit unit' }), 'Ti');
    await user.type(screen.getByRole('spinbutton', { name: 'CPU' }), '250');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]?.body).toMatchObject({ params: { memory: '512Mi', limit: '2Ti', cpu: '250m' } });
  });
});

describe('Run playbook dialog from a playbook', () => {
  it('asks for a resource of the kind the spec selects before showing the parameters', async () => {
    const user = userEvent.setup();
    const server = serve(['admin'], {
      'GET /api/db/checks': () => [{ id: CHECK_ID, name: 'api-health', type: 'http' }],
      [`POST /api/playbook/${PB_ID}/params`]: () => PARAMS,
    });
    renderWithApp(<RunPlaybookDialog playbook={playbook() as PlaybookRow} close={() => undefined} />);
    expect(screen.getByText('Please select a resource to see the parameters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    await user.click(await screen.findByRole('option', { name: /api-health/ }));
    expect(await screen.findByRole('textbox', { name: 'Greeting' })).toBeInTheDocument();
    const params = server.requests.find((r) => r.url.pathname.endsWith('/params'));
    expect(params?.body).toEqual({ id: PB_ID, check_id: CHECK_ID });
  });

  it('needs no resource when the spec has no selectors', async () => {
    serve(['admin'], { [`POST /api/playbook/${PB_ID}/params`]: () => ({ params: [] }) });
    const pb = playbook({ spec: { actions: [{ name: 'a', exec: { script: 'x' } }] } }) as PlaybookRow;
    renderWithApp(<RunPlaybookDialog playbook={pb} close={() => undefined} />);
    expect(await screen.findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Resource' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });
});
