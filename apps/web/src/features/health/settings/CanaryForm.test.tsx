import { canaryJsonSchema } from '@opsdeck/shared';
import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { CodeEditorProps } from '../../../ui/CodeEditor/types.js';
import type * as CanaryApi from './canaryApi.js';
import { createCanary } from './canaryApi.js';
import { CanaryForm } from './CanaryForm.js';

vi.mock('../../../auth/permissions.js', () => ({ useHasPermission: () => true }));
// CodeMirror is tested on its own; a textarea stands in so the YAML can be typed.
vi.mock('../../../ui/CodeEditor/CodeEditor.js', () => ({
  CodeEditor: ({ value, onChange, ariaLabel }: CodeEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));
vi.mock('./canaryApi.js', async (importOriginal) => ({
  ...(await importOriginal<typeof CanaryApi>()),
  createCanary: vi.fn(),
}));

const create = vi.mocked(createCanary);

beforeEach(() => {
  create.mockReset();
  fakeServer({ '/api/schemas/canary.schema.json': () => canaryJsonSchema() });
});

const yamlEditor = () => screen.getByRole('textbox', { name: 'Spec' }) as HTMLTextAreaElement;
const showCode = () => fireEvent.click(screen.getByRole('radio', { name: 'Code (YAML)' }));
const showForm = () => fireEvent.click(screen.getByRole('radio', { name: 'Form' }));

describe('CanaryForm for a new health check', () => {
  it('asks for the check type first, then shows that type’s form', async () => {
    renderWithApp(<CanaryForm />);
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'TCP' }));
    const endpoint = await screen.findByRole('textbox', { name: 'Endpoint' });
    expect(endpoint).toHaveAttribute('aria-required', 'true');
    expect(screen.queryByRole('textbox', { name: 'URL' })).toBeNull();
  });

  it('offers every check type that runs here, each as a form of its own fields', async () => {
    renderWithApp(<CanaryForm />);
    const picker = screen.getByRole('region', { name: 'Check type' });
    // 28 types and Other (YAML).
    expect(within(picker).getAllByRole('button')).toHaveLength(29);
    fireEvent.click(within(picker).getByRole('button', { name: 'Prometheus' }));
    expect(await screen.findByRole('textbox', { name: 'Query' })).toHaveAttribute('aria-required', 'true');
    showCode();
    expect(yamlEditor().value).toContain('prometheus:');
  });

  it("offers the stored connections in a check's connection field, as the spec names them", async () => {
    fakeServer({
      '/api/schemas/canary.schema.json': () => canaryJsonSchema(),
      '/api/db/connections_list': () => [{ name: 'orders-db', namespace: 'shop', type: 'postgres' }],
    });
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Postgres' }));
    const connection = await screen.findByRole('combobox', { name: 'Connection' });
    const list = document.getElementById(connection.getAttribute('list') ?? '');
    await waitFor(() => expect(list?.querySelectorAll('option')).toHaveLength(1));
    expect(list?.querySelector('option')).toHaveValue('connection://shop/orders-db');
    expect(list?.querySelector('option')).toHaveTextContent('orders-db (postgres)');
  });

  it('round-trips between the form and the YAML', async () => {
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'HTTP' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://x.example' },
    });
    showCode();
    expect(yamlEditor().value).toContain('url: https://x.example');

    fireEvent.change(yamlEditor(), {
      target: { value: 'http:\n  - url: https://y.example\n    method: POST\n' },
    });
    showForm();
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue('https://y.example');
    expect(screen.getByRole('combobox', { name: 'HTTP method' })).toHaveValue('POST');
  });

  it('keeps YAML that does not parse in the Code view, with the parser’s message', async () => {
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'HTTP' }));
    await screen.findByRole('textbox', { name: 'URL' });
    showCode();
    fireEvent.change(yamlEditor(), { target: { value: 'http: [oops' } });
    showForm();
    expect(yamlEditor()).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'URL' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(/flow sequence|oops|expected/i);
  });

  it('fills the form from a template', async () => {
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'HTTP 200 with response time < 2 s' }));
    expect(await screen.findByRole('textbox', { name: 'URL' })).toHaveValue('https://example.com');
    expect(screen.getByRole('textbox', { name: 'Response time limit (ms)' })).toHaveValue('2000');
    // The response codes are the spec's options (200 … 503), the template's 200 ticked.
    const codes = screen.getByRole('group', { name: 'Expected status codes' });
    expect(
      within(codes)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['200', '201', '202', '204', '301', '302', '401', '404', '500', '502', '503']);
    expect(within(codes).getByRole('checkbox', { name: '200' })).toBeChecked();
    fireEvent.click(within(codes).getByRole('checkbox', { name: '201' }));
    fireEvent.click(within(codes).getByRole('checkbox', { name: '200' }));
    showCode();
    expect(yamlEditor().value).toMatch(/responseCodes:\n\s+- 201\n/);
  });

  it('offers the type’s templates inside the form too', async () => {
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'DNS' }));
    await screen.findByRole('textbox', { name: 'Query' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), {
      target: { value: 'DNS A record resolves' },
    });
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveValue('example.com');
    expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('A');
  });

  it('saves the schedule from its control and shows the server’s refusal', async () => {
    create.mockRejectedValue(new Error('spec.http.0.url: not a url'));
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'HTTP' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), { target: { value: 'nope' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'web' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Schedule' }), { target: { value: '@every 1m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      name: 'web',
      schedule: '@every 1m',
      spec: { schedule: '@every 1m', http: [{ url: 'nope' }] },
    });
    expect(await screen.findByText('spec.http.0.url: not a url')).toBeInTheDocument();
  });

  it('leaves other types to the YAML editor', () => {
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Other (YAML)' }));
    expect(yamlEditor()).toHaveValue('');
    expect(screen.queryByRole('radio', { name: 'Form' })).toBeNull();
  });
});

describe('CanaryForm for a stored health check', () => {
  it('opens its YAML without the schedule, which sits in its control', async () => {
    const row = {
      id: 'c1',
      name: 'web',
      namespace: 'default',
      labels: {},
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://a.example' }] },
      source: 'UI',
      schedule: null,
      created_by: null,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: null,
    };
    renderWithApp(<CanaryForm row={row} />);
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue('@every 1m');
    expect(yamlEditor().value).not.toContain('schedule');
    showForm();
    expect(await screen.findByRole('textbox', { name: 'URL' })).toHaveValue('https://a.example');
  });
});

describe('Run once (try the draft before saving it)', () => {
  const passing = {
    name: 'home',
    type: 'http',
    status: 'pass',
    duration: 12,
    message: '200',
    error: null,
    details: { code: 200, content: 'all good' },
    truncated: false,
  };
  const failing = {
    name: 'billing',
    type: 'http',
    status: 'fail',
    duration: 1500,
    message: '',
    error: 'response code 503, expected 200',
    details: { code: 503, content: 'down for maintenance' },
    truncated: false,
  };

  it('posts the draft, shows that it runs, then each check’s status, latency, message and response', async () => {
    let answer!: (body: unknown) => void;
    const server = fakeServer({
      '/api/schemas/canary.schema.json': () => canaryJsonSchema(),
      'POST /api/canary/try': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'HTTP' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://shop.example/health' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run once' }));

    expect(await screen.findByRole('button', { name: 'Running…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Running the checks once…');
    const sent = server.requests.find((r) => r.url.pathname === '/api/canary/try');
    expect(sent?.body).toMatchObject({
      namespace: 'default',
      spec: { http: [{ url: 'https://shop.example/health' }] },
    });
    answer({ checks: [passing, failing] });

    const results = await screen.findByRole('region', { name: 'Run once results' });
    const home = within(results).getByRole('listitem', { name: 'http check home' });
    expect(within(home).getByText('Pass')).toBeInTheDocument();
    expect(within(home).getByTitle('Latency')).toHaveTextContent('12ms');
    expect(within(home).getByText('200')).toBeInTheDocument();
    const billing = within(results).getByRole('listitem', { name: 'http check billing' });
    expect(within(billing).getByText('Fail')).toBeInTheDocument();
    expect(within(billing).getByTitle('Latency')).toHaveTextContent('1.5s');
    expect(within(billing).getByText('response code 503, expected 200')).toBeInTheDocument();
    fireEvent.click(within(billing).getByText('Response'));
    expect(within(billing).getByLabelText('Response of billing')).toHaveTextContent('down for maintenance');
    // Nothing was saved.
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Run once' })).toBeEnabled();
  });

  it('tries what the Code view holds, and shows the server’s refusal', async () => {
    const server = fakeServer({
      '/api/schemas/canary.schema.json': () => canaryJsonSchema(),
      'POST /api/canary/try': () =>
        new Response(JSON.stringify({ error: 'spec.http.0.url: not a url' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderWithApp(<CanaryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'HTTP' }));
    await screen.findByRole('textbox', { name: 'URL' });
    showCode();
    fireEvent.change(yamlEditor(), { target: { value: 'http:\n  - name: typo\n    url: nope\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run once' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Run once failed');
    expect(alert).toHaveTextContent('spec.http.0.url: not a url');
    expect(server.requests.find((r) => r.url.pathname === '/api/canary/try')?.body).toMatchObject({
      spec: { http: [{ name: 'typo', url: 'nope' }] },
    });
    expect(create).not.toHaveBeenCalled();
  });
});
