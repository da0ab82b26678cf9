import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ChangesView } from './ChangesView.js';

describe('catalog changes Tags filter', () => {
  it('picks tags from the catalog tags, keeping excluded ones, and sends them key____value', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      {
        'GET /api/db/config_tags': () => [
          { key: 'env', value: 'prod' },
          { key: 'team', value: 'payments' },
        ],
        'POST /api/catalog/changes': () => ({ summary: {}, total: 0, changes: [] }),
      },
      () => [],
    );
    const app = renderWithApp(<ChangesView />, { url: '/catalog/changes?tags=team____payments:-1' });
    await user.click(await screen.findByRole('button', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'env: prod' }));
    await waitFor(() =>
      expect(app.location().searchParams.get('tags')).toBe('team____payments:-1,env____prod'),
    );
    await waitFor(() => {
      const last = server.requests.filter((r) => r.url.pathname === '/api/catalog/changes').at(-1);
      expect((last?.body as { tags?: unknown }).tags).toEqual(expect.stringContaining('env____prod'));
    });
  });
});
