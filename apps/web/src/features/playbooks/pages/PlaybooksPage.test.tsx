import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { CodeEditorProps } from '../../../ui/CodeEditor/types.js';
import { PB_ID, playbook, serve } from '../test/serve.js';
import { PlaybooksPage } from './PlaybooksPage.js';

vi.mock('../../../ui/CodeEditor/CodeEditor.js', () => ({
  CodeEditor: ({ value, onChange, ariaLabel }: CodeEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const LIST = [
  playbook(),
  playbook({ id: 'p2', name: 'scale', title: 'Scale deployment', category: 'Kubernetes' }),
  playbook({ id: 'p3', name: 'notify', title: 'Notify team', category: 'Comms', icon: null }),
];

const SPEC = `checks:
  - types: [http]
actions:
  - name: say
    exec:
      script: echo hi
`;

describe('/playbooks', () => {
  it('groups cards by category, with History, Run and the menu for writers', async () => {
    const server = serve(['admin'], { 'GET /api/db/playbooks': () => LIST });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    const k8s = await screen.findByRole('region', { name: 'Kubernetes' });
    expect(
      within(k8s)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Restart pod', 'Scale deployment']);
    expect(screen.getByRole('region', { name: 'Comms' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Restart pod' });
    expect(within(card).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      `/playbooks/runs?playbook=${PB_ID}`,
    );
    expect(await within(card).findByRole('button', { name: 'Run' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Playbook' })).toBeInTheDocument();
    const list = server.requests.find((r) => r.url.pathname === '/api/db/playbooks');
    expect(list?.url.searchParams.get('deleted_at')).toBe('is.null');
    expect(list?.url.searchParams.get('order')).toBe('category.asc,name.asc');
  });

  it('hides Add, Run, Edit and Delete from readers', async () => {
    const server = serve(['viewer'], { 'GET /api/db/playbooks': () => LIST });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    const card = await screen.findByRole('article', { name: 'Restart pod' });
    // Wait for the permissions: the buttons would only be missing because they are not loaded yet.
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.pathname === '/api/auth/whoami')).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(within(card).getByRole('link', { name: 'History' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Run' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Restart pod actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Playbook' })).toBeNull();
  });

  it('creates a playbook from YAML: title and spec required, stored with source UI', async () => {
    const user = userEvent.setup();
    const posts: FakeRequest[] = [];
    serve(['admin'], {
      'GET /api/db/playbooks': () => [],
      'POST /api/db/playbooks': (req) => {
        posts.push(req);
        return json([{ id: 'new' }], { status: 201 });
      },
    });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Add Playbook' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    // The caption's label also holds the validation message.
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Say hello');
    await user.type(screen.getByRole('textbox', { name: 'Category' }), 'Demo');
    // A new playbook starts on the form; YAML is one switch away.
    await user.click(screen.getByRole('radio', { name: 'Code (YAML)' }));
    await user.click(screen.getByRole('textbox', { name: /^Spec/ }));
    await user.paste(SPEC);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Playbook Spec created successfully')).toBeInTheDocument();
    expect(posts[0]?.body).toEqual({
      name: 'say-hello',
      title: 'Say hello',
      icon: null,
      category: 'Demo',
      description: null,
      spec: { checks: [{ types: ['http'] }], actions: [{ name: 'say', exec: { script: 'echo hi' } }] },
      source: 'UI',
    });
  });

  it('makes a new playbook on the form, without YAML: a parameter and an action of a chosen kind', async () => {
    const user = userEvent.setup();
    const posts: FakeRequest[] = [];
    serve(['admin'], {
      'GET /api/db/playbooks': () => [],
      'POST /api/db/playbooks': (req) => {
        posts.push(req);
        return json([{ id: 'new' }], { status: 201 });
      },
    });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Add Playbook' }));
    expect(screen.getByRole('radio', { name: 'Form' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Say hello');
    await user.click(await screen.findByRole('button', { name: 'Add to Parameters' }));
    await user.type(screen.getByRole('textbox', { name: 'Parameters 1 name' }), 'greeting');
    await user.click(screen.getByRole('button', { name: 'Add to Actions' }));
    // A new action is an exec action; another kind shows that kind's fields instead.
    const kind = screen.getByRole('combobox', { name: 'Actions 1 kind' });
    expect(kind).toHaveValue('exec');
    await user.selectOptions(kind, 'http');
    expect(screen.getByRole('textbox', { name: 'Actions 1 URL' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Actions 1 script' })).toBeNull();
    await user.selectOptions(kind, 'exec');
    await user.type(screen.getByRole('textbox', { name: 'Actions 1 name' }), 'say');
    await user.type(screen.getByRole('textbox', { name: 'Actions 1 script' }), 'echo hi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Playbook Spec created successfully')).toBeInTheDocument();
    expect(posts[0]?.body).toMatchObject({
      name: 'say-hello',
      spec: { parameters: [{ name: 'greeting' }], actions: [{ name: 'say', exec: { script: 'echo hi' } }] },
    });
  });

  it('warns while the spec is typed about an exec script that pastes an event value; saving still works', async () => {
    const user = userEvent.setup();
    const posts: FakeRequest[] = [];
    serve(['admin'], {
      'GET /api/db/playbooks': () => [],
      'POST /api/db/playbooks': (req) => {
        posts.push(req);
        return json([{ id: 'new' }], { status: 201 });
      },
    });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Add Playbook' }));
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Rotate');
    await user.click(screen.getByRole('radio', { name: 'Code (YAML)' }));
    const editor = screen.getByRole('textbox', { name: /^Spec/ });
    await user.click(editor);
    await user.paste(
      'components:\n  - types: [API]\nactions:\n  - name: report\n    exec:\n      script: echo "rotation failed for {{.component.name}}"\n',
    );
    const note = await screen.findByRole('note', { name: 'Event values pasted into scripts' });
    expect(note).toHaveTextContent('actions[0].exec.script');
    expect(note).toHaveTextContent('read "$COMPONENT_NAME" in the script instead');
    expect(note).toHaveTextContent('{{ .component.name | shellQuote }}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Playbook Spec created successfully')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });

  it('does not warn about a script that reads the value from its variable', async () => {
    const user = userEvent.setup();
    serve(['admin'], { 'GET /api/db/playbooks': () => [] });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Add Playbook' }));
    await user.click(screen.getByRole('radio', { name: 'Code (YAML)' }));
    await user.click(screen.getByRole('textbox', { name: /^Spec/ }));
    await user.paste(
      'actions:\n  - name: report\n    exec:\n      script: echo "rotation failed for $COMPONENT_NAME"\n',
    );
    expect(screen.getByRole('textbox', { name: /^Spec/ })).toHaveValue(
      'actions:\n  - name: report\n    exec:\n      script: echo "rotation failed for $COMPONENT_NAME"\n',
    );
    expect(screen.queryByRole('note', { name: 'Event values pasted into scripts' })).toBeNull();
  });

  it("shows the server's refusal of an update in a toast", async () => {
    const user = userEvent.setup();
    serve(['admin'], {
      'GET /api/db/playbooks': () => LIST,
      'PATCH /api/db/playbooks': () =>
        json({ message: 'all actions should have unique names. x is repeated' }, { status: 400 }),
    });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Restart pod actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Restart pod');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText(
        'Unable to update playbook spec: all actions should have unique names. x is repeated',
      ),
    ).toBeInTheDocument();
  });

  it('offers Edit only to who may also write connections: an editor runs and deletes, never edits', async () => {
    const user = userEvent.setup();
    serve(['editor'], { 'GET /api/db/playbooks': () => LIST });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Restart pod actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  });

  it('deletes softly after asking', async () => {
    const user = userEvent.setup();
    const patches: FakeRequest[] = [];
    serve(['admin'], {
      'GET /api/db/playbooks': () => LIST,
      'PATCH /api/db/playbooks': (req) => {
        patches.push(req);
        return [{ id: PB_ID }];
      },
    });
    renderWithApp(<PlaybooksPage />, { url: '/playbooks' });
    await user.click(await screen.findByRole('button', { name: 'Restart pod actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.url.searchParams.get('id')).toBe(`eq.${PB_ID}`);
    expect(patches[0]?.body).toEqual({ deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown });
  });
});
