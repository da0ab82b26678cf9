import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { CheckSummary } from '../api/types.js';
import { healthKeys } from '../api/keys.js';
import { LOCATIONS_REFRESH_MS } from '../api/locations.js';
import { CheckPanel } from './CheckPanel.js';

const check: CheckSummary = {
  id: '00000000-0000-4000-8000-000000000002',
  canary_id: 'c',
  name: 'shop',
  status: 'healthy',
  uptime: { passed: 3, failed: 0 },
  latency: { p95: 10, p97: 10, p99: 10 },
};
const EDGE = '00000000-0000-4000-8000-0000000000e1';
const recent = new Date(Date.now() - 30_000).toISOString();

function serve() {
  return fakeServer({
    '/api/canary/api/summary': () => ({ checks_summary: [check] }),
    '/api/canary/api/graph': () => ({ status: [] }),
    '/api/db/check_statuses': () => [],
    '/api/db/check_location_statuses': () => [
      { check_id: check.id, time: recent, duration: 41, status: false, message: '', error: 'timeout' },
    ],
    '/api/db/checks': () => [],
    [`/api/canary/check/${check.id}/locations`]: () => ({
      located: true,
      verdict: 'healthy',
      k: 2,
      n: 3,
      failing: 1,
      passing: 1,
      unknown: 1,
      locations: [
        {
          id: '00000000-0000-0000-0000-000000000000',
          name: 'local',
          state: 'passing',
          time: recent,
          duration: 12,
          message: 'ok',
          error: null,
        },
        {
          id: EDGE,
          name: 'edge-eu',
          state: 'failing',
          time: recent,
          duration: 41,
          message: '',
          error: 'timeout',
        },
        {
          id: null,
          name: 'ghost',
          state: 'unknown',
          reason: 'agent not found',
          time: null,
          duration: null,
          message: null,
          error: null,
        },
      ],
    }),
  });
}

describe('check panel of a located check', () => {
  it('shows a row per location with its status, latency, last message and time, and the quorum', async () => {
    serve();
    renderWithApp(<CheckPanel checkId={check.id} check={check} onClose={() => undefined} />, {
      url: `/health?checkId=${check.id}`,
    });
    const rows = await screen.findAllByTestId('location-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^localPassing12msok.*ago$/),
      expect.stringMatching(/^edge-euFailing41mstimeout.*ago$/),
      'ghostUnknown (agent not found)———',
    ]);
    expect(within(rows[1]!).getByRole('img')).toHaveAttribute('aria-label', 'Failing');
    expect(screen.getByTestId('quorum')).toHaveTextContent(
      'Fails when 2 of 3 fail · now 1 failing, 1 passing, 1 unknown: healthy',
    );
  });

  it('filters the history by location', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWithApp(<CheckPanel checkId={check.id} check={check} onClose={() => undefined} />, {
      url: `/health?checkId=${check.id}`,
    });
    const select = await screen.findByLabelText('Location');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All (quorum)', 'local', 'edge-eu']);
    await user.selectOptions(select, EDGE);
    expect(await screen.findByText('timeout', { selector: 'span[title]' })).toBeInTheDocument();
    const asked = server.requests.filter((r) => r.url.pathname === '/api/db/check_location_statuses');
    expect(asked.at(-1)?.url.searchParams.get('location')).toBe(`eq.${EDGE}`);
  });

  it('reads the locations again while the panel is open, so the rows follow the check', async () => {
    serve();
    const r = renderWithApp(<CheckPanel checkId={check.id} check={check} onClose={() => undefined} />, {
      url: `/health?checkId=${check.id}`,
    });
    await screen.findAllByTestId('location-row');
    const query = r.queryClient.getQueryCache().find({ queryKey: healthKeys.locations(check.id) });
    const every = query?.observers[0]?.options.refetchInterval;
    expect(typeof every === 'function' && query ? every(query) : every).toBe(LOCATIONS_REFRESH_MS);
  });
});
