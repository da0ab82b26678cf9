import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { EventQueuePage } from './EventQueuePage.js';

const rows = [
  {
    name: 'check.failed',
    pending: 2,
    failed: 3,
    average_attempts: 2.5,
    first_failure: '2026-11-20T10:00:00Z',
    last_failure: '2026-11-23T09:30:00Z',
    most_common_error: 'webhook answered 500: upstream unavailable',
    given_up: 1,
  },
  {
    name: 'config.created',
    pending: 40,
    failed: 0,
    average_attempts: 0,
    first_failure: null,
    last_failure: null,
    most_common_error: null,
    given_up: 0,
  },
];

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer({
    '/api/db/event_queue_summary': () => json(rows, { headers: { 'content-range': '0-1/2' } }),
  });
});

describe('event queue status', () => {
  it('lists one row per event name with the spec’s columns, latest failure first', async () => {
    renderWithApp(<EventQueuePage />, { url: '/settings/event-queue-status' });
    expect(await screen.findByText('config.created')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual([
      'Name',
      'Pending Count',
      'Error Count',
      'Average Attempts',
      'First Failed At',
      'Last Failed At',
    ]);
    const failed = screen.getByText('check.failed').closest('tr');
    expect(failed).not.toBeNull();
    expect(within(failed!).getByText('2.5')).toBeInTheDocument();
    expect(within(failed!).getByText('3')).toBeInTheDocument();
    const request = server.requests.find((r) => r.url.pathname === '/api/db/event_queue_summary');
    expect(request?.url.searchParams.get('order')).toBe('last_failure.desc');
  });

  it('opens the most common error of a row that has one, and nothing for a row without', async () => {
    const user = userEvent.setup();
    renderWithApp(<EventQueuePage />, { url: '/settings/event-queue-status' });

    await user.click(await screen.findByText('config.created'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByText('check.failed'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Most Common Error for check.failed');
    expect(within(dialog).getByText('webhook answered 500: upstream unavailable')).toBeInTheDocument();
  });
});
