import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { ScraperForm } from './ScraperForm.js';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/about')) return json(200, { version: 'test', appMode: 'full' });
      if (url.includes('/api/auth/whoami'))
        return json(200, {
          payload: {
            user: { id: 'u1', name: 'Admin' },
            roles: ['admin'],
            permissions: ['config_scrapers:write'],
          },
        });
      if (url.includes('/api/db/config_scrapers') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(400, {
          code: 'OPSDECK_INVALID_SPEC',
          message: 'spec.file.0.paths: needs at least one path or glob',
        });
      }
      return json(200, {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ScraperForm', () => {
  it("asks for a name, then shows the server's message for a broken spec and stays on the form", async () => {
    const user = userEvent.setup();
    const app = renderWithApp(<ScraperForm />, { url: '/settings/config_scrapers/new' });
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
});
