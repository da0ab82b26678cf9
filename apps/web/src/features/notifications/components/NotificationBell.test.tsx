import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { historyRow, serve } from '../test/serve.js';
import { NotificationBell } from './NotificationBell.js';

describe('NotificationBell', () => {
  it('is a plain link to /notifications while nothing failed', async () => {
    serve(['viewer'], { 'GET /api/db/notification_send_history_summary': () => [] });
    renderWithApp(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('counts recent failures and lists them, each opening its details', async () => {
    const server = serve(['viewer'], {
      'GET /api/db/notification_send_history_summary': () => [
        historyRow({ id: 'h9', status: 'error', error: 'smtp down', created_at: new Date().toISOString() }),
      ],
    });
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 recent failures' });
    const asked = server.requests.find((r) => r.url.pathname.endsWith('notification_send_history_summary'));
    expect(asked?.url.searchParams.get('status')).toBe('eq.error');
    expect(asked?.url.searchParams.get('created_at')).toMatch(/^gte\./);
    await user.click(bell);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /api-health/ })).toHaveAttribute(
      'href',
      '/notifications?id=h9',
    );
    expect(within(menu).getByRole('menuitem', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('is hidden when the notifications feature is disabled', async () => {
    const server = serve(['viewer'], {
      'GET /api/properties': () => [{ name: 'notifications.disable', value: 'true' }],
      'GET /api/db/notification_send_history_summary': () => [],
    });
    renderWithApp(<NotificationBell />);
    await expect.poll(() => server.requests.some((r) => r.url.pathname === '/api/properties')).toBe(true);
    await expect.poll(() => screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
    // Disabled, it does not read the history either.
    expect(server.requests.some((r) => r.url.pathname.endsWith('notification_send_history_summary'))).toBe(
      false,
    );
  });
});
