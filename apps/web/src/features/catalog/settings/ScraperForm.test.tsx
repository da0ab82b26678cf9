import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ScraperForm } from './ScraperForm.js';

let posted: unknown[] = [];
let patched: FakeRequest[] = [];
beforeEach(() => {
  posted = [];
  patched = [];
  fakeServer(
    {
      '/api/about': () => ({ version: 'test', appMode: 'full' }),
      '/api/auth/whoami': () => ({
        payload: {
          user: { id: 'u1', name: 'Admin' },
          roles: ['admin'],
          permissions: ['config_scrapers:write'],
        },
      }),
      'POST /api/db/config_scrapers': (req) => {
        posted.push(req.body);
        return json(
          { code: 'OPSDECK_INVALID_SPEC', message: 'spec.file.0.paths: needs at least one path or glob' },
          { status: 400 },
        );
      },
      'PATCH /api/db/config_scrapers': (req) => {
        patched.push(req);
        return [{ id: 's1' }];
      },
    },
    () => ({}),
  );
});

describe('ScraperForm', () => {
  it("asks for a name, then shows the server's message for a broken spec and stays on the form", async () => {
    const user = userEvent.setup();
    const app = renderWithApp(<ScraperForm />, { url: '/settings/config_scrapers/new' });
    await user.click(await screen.findByRole('button', { name: 'Other (YAML)' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'files');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/needs at least one path or glob/)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ name: 'files', namespace: 'default', source: 'UI' });
    expect(app.location().pathname).toBe('/settings/config_scrapers/new');
  });

  it('edits a stored scraper: Update instead of Save, and Delete asks first, then soft-deletes', async () => {
    const user = userEvent.setup();
    const row = {
      id: 's1',
      name: 'demo-files',
      namespace: 'default',
      source: 'UI',
      spec: { file: [{ type: '$.kind', paths: ['/tmp/*.yaml'] }] },
      created_at: '2026-11-01T00:00:00Z',
    };
    const app = renderWithApp(<ScraperForm row={row} />, { url: '/settings/config_scrapers/s1' });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(/Delete 'demo-files'\? Its configs stay in the catalog/),
    ).toBeInTheDocument();
    expect(patched).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: 'Delete Catalog Scraper' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.location().pathname).toBe('/catalog/scrapers'));
    expect(patched).toHaveLength(1);
    expect(patched[0]?.href).toContain('id=eq.s1');
    expect(patched[0]?.body).toMatchObject({ deleted_at: expect.any(String) });
  });

  it('tries the draft before saving: the items one run would store, source errors, nothing saved', async () => {
    const tried: unknown[] = [];
    fakeServer(
      {
        '/api/about': () => ({ version: 'test', appMode: 'full' }),
        '/api/auth/whoami': () => ({
          payload: {
            user: { id: 'u1', name: 'Admin' },
            roles: ['admin'],
            permissions: ['config_scrapers:write'],
          },
        }),
        'POST /api/config/try': (req) => {
          tried.push(req.body);
          return {
            total: 2,
            items: [
              {
                type: 'AWS::SQS::Queue',
                config_class: null,
                name: 'orders',
                namespace: null,
                external_id: ['orders'],
                health: 'healthy',
                status: null,
                labels: {},
                tags: { team: 'payments' },
                config: { id: 'orders', team: 'payments' },
                truncated: false,
                relationships: 0,
              },
            ],
            changes: 0,
            errors: ['inventory/broken.json: not valid JSON'],
          };
        },
        'POST /api/db/config_scrapers': (req) => {
          posted.push(req.body);
          return [{ id: 's2' }];
        },
      },
      () => ({}),
    );
    const user = userEvent.setup();
    renderWithApp(<ScraperForm />, { url: '/settings/config_scrapers/new' });
    await user.click(await screen.findByRole('button', { name: 'Other (YAML)' }));
    await user.click(await screen.findByRole('button', { name: 'Try it' }));
    const results = await screen.findByRole('region', { name: 'Try it results' });
    expect(results).toHaveTextContent('nothing was saved. 2 items (the first 1 shown), 0 changes');
    expect(within(results).getByRole('listitem', { name: 'AWS::SQS::Queue orders' })).toHaveTextContent(
      'healthy',
    );
    expect(within(results).getByText('inventory/broken.json: not valid JSON')).toBeInTheDocument();
    expect(tried).toHaveLength(1);
    expect(tried[0]).toMatchObject({ namespace: 'default', spec: expect.any(Object) });
    expect(posted).toHaveLength(0);
  });
});
