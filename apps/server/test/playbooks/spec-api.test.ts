import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { call, createPlaybook, echoAction, messageOf, uniqueName, type Row } from './client.js';

describe.each(DB_KINDS)('playbook specs through the data API on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  let viewer: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    editor = await signIn(server, 'editor');
    viewer = await signIn(server, null);
  });
  afterAll(() => server.close());

  const post = (body: Row, who = editor) => call(server, who, 'POST', '/api/db/playbooks', body);

  it('stores a valid spec with title, category, icon and description from the spec and its creator', async () => {
    const row = await createPlaybook(server, editor, {
      title: 'Restart',
      category: 'Ops',
      icon: 'k8s',
      description: 'restarts it',
      actions: [echoAction],
    });
    expect(row).toMatchObject({ title: 'Restart', category: 'Ops', icon: 'k8s', description: 'restarts it' });
    expect(row.created_by).toBe(editor.personId);
    const named = await createPlaybook(server, editor, { actions: [echoAction] }, { title: 'Mine' });
    expect(named.title).toBe('Mine');
    const bare = await createPlaybook(server, editor, { actions: [echoAction] });
    expect(bare.title).toBe(bare.name);
  });

  it("refuses a bad spec with the field path and Mission Control's message", async () => {
    const dup = await post({
      name: uniqueName(),
      spec: { actions: [echoAction, echoAction] },
    });
    expect(dup.status).toBe(400);
    expect(messageOf(dup)).toBe(
      'spec.actions.1.name: all actions should have unique names. echo is repeated',
    );
    const empty = await post({ name: uniqueName(), spec: { actions: [{ name: 'a' }] } });
    expect(messageOf(empty)).toBe('spec.actions.0: action a is empty');
    const sched = await post({
      name: uniqueName(),
      spec: {
        actions: [echoAction],
        on: { schedule: [{ schedule: '@hourly' }] },
        approval: { approvers: { people: ['a@example.com'] } },
      },
    });
    expect(messageOf(sched)).toBe('spec.approval: scheduled playbooks cannot require approval');
    const tpl = await post({
      name: uniqueName(),
      spec: { actions: [{ name: 'a', exec: { script: 'echo {{ .config.name ' } }] },
    });
    expect(tpl.status).toBe(400);
    expect(messageOf(tpl)).toMatch(/^spec\.actions\.0\.exec\.script: template: line 1/);
    const noName = await post({ spec: { actions: [echoAction] } });
    expect(noName.status).toBe(400);
    expect(messageOf(noName)).toBe('name: This field is required');
  });

  it('answers 409 for a second live playbook of one name or webhook path, and frees both on delete', async () => {
    const name = uniqueName('dup');
    const path = uniqueName('hook');
    const first = await createPlaybook(
      server,
      editor,
      { actions: [echoAction], on: { webhook: { path } } },
      { name },
    );
    const again = await post({ name, spec: { actions: [echoAction] } });
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe(`a playbook named '${name}' already exists in namespace 'default'`);
    const hook = await post({
      name: uniqueName(),
      spec: { actions: [echoAction], on: { webhook: { path } } },
    });
    expect(hook.status).toBe(409);
    expect(messageOf(hook)).toBe(`webhook path ${path} is already used by playbook ${name}`);
    const other = await createPlaybook(server, editor, { actions: [echoAction] });
    const patched = await call(server, editor, 'PATCH', `/api/db/playbooks?id=eq.${String(other.id)}`, {
      spec: { actions: [echoAction], on: { webhook: { path } } },
    });
    expect(patched.status).toBe(409);
    // The same playbook may save its own path again.
    const self = await call(server, editor, 'PATCH', `/api/db/playbooks?id=eq.${String(first.id)}`, {
      spec: { title: 'Again', actions: [echoAction], on: { webhook: { path } } },
    });
    expect(self.status).toBe(200);
    expect((self.body as Row[])[0]).toMatchObject({ title: 'Again' });
    const deleted = await call(server, editor, 'PATCH', `/api/db/playbooks?id=eq.${String(first.id)}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBe(200);
    await createPlaybook(server, editor, { actions: [echoAction], on: { webhook: { path } } }, { name });
  });

  it('lets viewers read playbooks but not write them', async () => {
    expect((await post({ name: uniqueName(), spec: { actions: [echoAction] } }, viewer)).status).toBe(403);
    expect((await call(server, viewer, 'GET', '/api/db/playbooks?select=id')).status).toBe(200);
  });

  it('serves the JSON Schemas of the spec and of the document', async () => {
    const spec = await call(server, viewer, 'GET', '/api/schemas/playbook-spec.schema.json');
    expect(spec.status).toBe(200);
    expect(spec.headers.get('content-type')).toContain('application/schema+json');
    expect((spec.body as { properties: Row }).properties).toHaveProperty('actions');
    const doc = await call(server, viewer, 'GET', '/api/schemas/playbook.schema.json');
    expect((doc.body as { properties: Row }).properties).toHaveProperty('spec');
  });
});
