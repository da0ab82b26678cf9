import { scrapeConfigSpecSchema } from '@opsdeck/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { CodeEditorProps } from '../../../ui/CodeEditor/types.js';
import { ScraperForm } from './ScraperForm.js';

vi.mock('../../../auth/permissions.js', () => ({ useHasPermission: () => true }));
// CodeMirror is tested on its own; a textarea stands in so the YAML can be read and typed.
vi.mock('../../../ui/CodeEditor/CodeEditor.js', () => ({
  CodeEditor: ({ value, onChange, ariaLabel }: CodeEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  // The server serves the same schema (apps/server/src/catalog/routes.ts).
  const schema = z.toJSONSchema(scrapeConfigSpecSchema, { unrepresentable: 'any' });
  fakeServer({
    '/api/schemas/scrape-config.schema.json': () => schema,
    'POST /api/db/config_scrapers': (req) => {
      posted.push(req.body);
      return [{ id: '5b0c5f0e-0000-4000-8000-0000000000aa', name: 'x' }];
    },
  });
});

const yamlEditor = () => screen.getByRole('textbox', { name: 'Spec' }) as HTMLTextAreaElement;
const showCode = () => fireEvent.click(screen.getByRole('radio', { name: 'Code (YAML)' }));
const showForm = () => fireEvent.click(screen.getByRole('radio', { name: 'Form' }));

describe('ScraperForm for a new scraper', () => {
  it('asks for the scraper type first, offering templates, then shows that type’s form', async () => {
    renderWithApp(<ScraperForm />, { url: '/settings/config_scrapers/new' });
    for (const name of ['File', 'HTTP', 'SQL', 'Kubernetes', 'Other (YAML)'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    for (const name of [
      'Files under a folder',
      'HTTP JSON endpoint',
      'PostgreSQL query',
      'Kubernetes cluster',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Kubernetes' }));
    const cluster = await screen.findByRole('textbox', { name: 'Cluster name' });
    expect(cluster).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('checkbox', { name: 'In cluster' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Query' })).toBeNull();
  });

  it('fills the form from a template and round-trips with the YAML', async () => {
    renderWithApp(<ScraperForm />, { url: '/settings/config_scrapers/new' });
    fireEvent.click(screen.getByRole('button', { name: 'PostgreSQL query' }));
    expect(await screen.findByRole('textbox', { name: 'Query' })).toHaveValue(
      'SELECT datname AS name, oid::text AS id FROM pg_database',
    );
    expect(screen.getByRole('combobox', { name: 'Driver' })).toHaveValue('postgres');
    fireEvent.change(screen.getByRole('textbox', { name: 'Query' }), { target: { value: 'SELECT 1' } });

    showCode();
    expect(parse(yamlEditor().value)).toMatchObject({ schedule: '@every 5m', sql: [{ query: 'SELECT 1' }] });
    fireEvent.change(yamlEditor(), {
      target: { value: 'sql:\n  - connection: postgres://h/db\n    query: SELECT 2\n' },
    });
    showForm();
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveValue('SELECT 2');
    expect(screen.getByRole('textbox', { name: 'Connection' })).toHaveValue('postgres://h/db');
  });

  it('saves the spec the form built', async () => {
    renderWithApp(<ScraperForm />, { url: '/settings/config_scrapers/new' });
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Paths' }), {
      target: { value: '/data/*.yaml' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'files' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: 'files',
      spec: { schedule: '@every 5m', file: [{ paths: ['/data/*.yaml'] }] },
    });
  });

  it('opens a stored spec of a known kind as YAML, with the form one click away', async () => {
    const row = {
      id: 's1',
      name: 'api',
      namespace: 'default',
      source: 'UI',
      spec: { http: [{ url: 'https://a.example', type: 'T', id: '$.id' }] },
      created_at: '2026-11-01T00:00:00Z',
    };
    renderWithApp(<ScraperForm row={row} />, { url: '/settings/config_scrapers/s1' });
    expect(yamlEditor().value).toContain('url: https://a.example');
    showForm();
    expect(await screen.findByRole('textbox', { name: 'URL' })).toHaveValue('https://a.example');
  });
});
