import { topologyJsonSchema, topologySpecSchema } from '@opsdeck/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { CodeEditorProps } from '../../../ui/CodeEditor/types.js';
import { SettingsForm } from '../../../ui/settings-resource/SettingsForm.js';
import type { SettingsTable } from '../../../ui/settings-resource/types.js';
import { TABLE_EXTRAS } from './specChecks.js';
import { SETTINGS_TABLES } from './tables.js';
import { TOPOLOGY_TEMPLATES } from './topologyTemplates.js';

// CodeMirror is tested on its own; a textarea stands in so the YAML can be read and typed.
vi.mock('../../../ui/CodeEditor/CodeEditor.js', () => ({
  CodeEditor: ({ value, onChange, ariaLabel }: CodeEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const topologies: SettingsTable = { ...SETTINGS_TABLES.topologies, ...TABLE_EXTRAS.topologies };
let posts: FakeRequest[] = [];
beforeEach(() => {
  posts = [];
  fakeServer({
    '/api/auth/whoami': () => ({
      payload: { user: { id: 'u1', name: 'Ann' }, roles: ['editor'], permissions: ['topologies:write'] },
    }),
    '/api/schemas/topology.schema.json': () => topologyJsonSchema(),
    'POST /api/db/topologies': (req) => {
      posts.push(req);
      return [{ id: 't9' }];
    },
  });
});

const yamlEditor = () => screen.getByRole('textbox', { name: 'Spec' }) as HTMLTextAreaElement;

describe('a new topology', () => {
  it('offers templates the topology schema accepts', () => {
    for (const t of TOPOLOGY_TEMPLATES)
      expect(topologySpecSchema.safeParse(t.spec).success, t.label).toBe(true);
  });

  it('fills the YAML from a template, and edits its top-level fields as a form too', async () => {
    renderWithApp(<SettingsForm table={topologies} />, { url: '/settings/topologies/new' });
    fireEvent.click(await screen.findByRole('button', { name: 'Application from a namespace' }));
    expect(parse(yamlEditor().value)).toMatchObject({
      type: 'Application',
      lookup: { configs: [{ namespace: 'my-app' }] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Kubernetes cluster' }));
    expect(yamlEditor().value).toContain('Kubernetes::Namespace');

    fireEvent.click(screen.getByRole('radio', { name: 'Form' }));
    const type = await screen.findByRole('textbox', { name: 'Type' });
    expect(type).toHaveValue('KubernetesCluster');
    // The page's Schedule dropdown owns the schedule.
    expect(screen.queryByRole('textbox', { name: 'Schedule' })).toBeNull();
    fireEvent.change(type, { target: { value: 'Cluster' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Code (YAML)' }));
    expect(parse(yamlEditor().value)).toMatchObject({ type: 'Cluster', forEach: { type: 'Namespace' } });

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'k8s' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ name: 'k8s', spec: { type: 'Cluster', icon: 'kubernetes' } });
  });
});

describe('scripts in a forEach', () => {
  it('warns about a script that pastes the looked-up component into its text', async () => {
    renderWithApp(<SettingsForm table={topologies} />, { url: '/settings/topologies/new' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Spec' }), {
      target: {
        value: [
          'components:',
          '  - name: services',
          '    forEach:',
          '      properties:',
          '        - name: version',
          '          lookup:',
          '            exec:',
          '              - script: curl -s https://$(.component.name)/version',
          '',
        ].join('\n'),
      },
    });
    const note = await screen.findByRole('note', { name: 'Looked-up values pasted into scripts' });
    expect(note).toHaveTextContent('components[0].forEach.properties[0].lookup.exec[0].script');
    expect(note).toHaveTextContent('read "$COMPONENT_NAME" in the script instead');
    fireEvent.change(yamlEditor(), {
      target: { value: yamlEditor().value.replace('$(.component.name)', '"$COMPONENT_NAME"') },
    });
    await waitFor(() =>
      expect(screen.queryByRole('note', { name: 'Looked-up values pasted into scripts' })).toBeNull(),
    );
  });
});
