import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fakeServer.js';
import { renderWithApp } from '../../test/render.js';
import { checkDetailsAction } from './resourceActions.js';

describe('check detail modal for other areas', () => {
  it("opens the check panel with the check's summary, fetched by id", async () => {
    const server = fakeServer(
      {
        '/api/canary/api/summary': () => ({
          checks_summary: [
            {
              id: 'k1',
              canary_id: 'can1',
              canary_name: 'payments',
              name: 'payments-api-health',
              type: 'http',
              status: 'unhealthy',
              uptime: { passed: 9, failed: 1 },
            },
          ],
        }),
      },
      () => [],
    );
    renderWithApp(
      <>
        {checkDetailsAction.render({
          resource: { kind: 'check', id: 'k1', name: 'x' },
          close: () => undefined,
        })}
      </>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('payments-api-health')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'History' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        server.requests
          .find((r) => r.url.pathname === '/api/canary/api/summary')
          ?.url.searchParams.get('check_id'),
      ).toBe('k1'),
    );
    expect(checkDetailsAction.listed).toBe(false);
  });
});
