import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { WindowDialog } from './WindowDialog.js';

describe('WindowDialog', () => {
  it('previews the next occurrences in the window’s time zone and saves the window', async () => {
    const server = fakeServer({ 'POST /api/db/maintenance_windows': () => [{ id: 'w1' }] });
    const onClose = vi.fn();
    renderWithApp(<WindowDialog row={undefined} canWrite onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Saturday patching');
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Berlin' } });
    fireEvent.change(screen.getByLabelText('Name (* wildcards)'), { target: { value: 'web-*' } });
    const preview = screen.getByRole('region', { name: 'Next occurrences' });
    expect(preview).toHaveTextContent('Next occurrences (Europe/Berlin)');
    // Saturdays at 02:00 in Berlin, five of them.
    expect(preview.querySelectorAll('li')).toHaveLength(5);
    expect(preview.querySelector('li')?.textContent).toMatch(/^Sat, .* 02:00 → Sat, .* 04:00$/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Saturday patching',
      namespace: 'default',
      description: null,
      starts_at: null,
      ends_at: null,
      schedule: '0 2 * * 6',
      duration: '2h',
      time_zone: 'Europe/Berlin',
      selectors: [{ name: 'web-*' }],
      notify: null,
      source: 'UI',
    });
  });

  it('says what is wrong next to each field and sends nothing', async () => {
    const server = fakeServer({});
    renderWithApp(<WindowDialog row={undefined} canWrite onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'x');
    fireEvent.change(screen.getByLabelText('Schedule (cron)'), { target: { value: 'every day' } });
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '0s' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Mars/Base' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('unknown time zone Mars/Base')).toBeInTheDocument();
    expect(screen.getByText('a positive duration such as 2h or 90m')).toBeInTheDocument();
    expect(screen.getByText(/a selector needs at least one of/)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a one-off window needs its start and end', async () => {
    fakeServer({});
    renderWithApp(<WindowDialog row={undefined} canWrite onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Recurring (cron schedule)'));
    expect(screen.queryByLabelText('Schedule (cron)')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'x');
    fireEvent.change(screen.getByLabelText('Name (* wildcards)'), { target: { value: 'db-*' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/a one-off window needs starts_at and ends_at/)).toBeInTheDocument();
  });
});
