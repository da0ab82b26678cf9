import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { TopologyPage } from './TopologyPage.js';

beforeEach(() => localStorage.clear());

describe('topology page', () => {
  it("says 'Unable to load components!' with the reason when the component list fails", async () => {
    fakeServer({
      '/api/canary/api/topology': () => json({ error: 'database unavailable' }, { status: 503 }),
    });
    renderWithApp(<TopologyPage />, { url: '/topology' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load components!');
    expect(alert).toHaveTextContent('database unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('asks for the cards and their children only', async () => {
    // The API's default depth sent every pod of a large estate to draw the cards (issue 39).
    const server = fakeServer({
      '/api/canary/api/topology': () => json({ error: 'not needed here' }, { status: 503 }),
    });
    renderWithApp(<TopologyPage />, { url: '/topology' });
    await screen.findByRole('alert');
    const asked = server.hrefs().filter((u) => u.includes('/api/canary/api/topology'));
    expect(asked.length).toBeGreaterThan(0);
    for (const u of asked) expect(new URL(u, 'http://x').searchParams.get('depth')).toBe('1');
  });
});
