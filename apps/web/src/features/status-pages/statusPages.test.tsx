import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, pagedRows, type FakeRequest } from '../../test/fakeServer.js';
import { renderWithApp } from '../../test/render.js';
import { maintenanceRange } from './components/UpcomingMaintenance.js';
import { PublicStatusPageRoute } from './pages/PublicStatusPage.js';
import { StatusPageDetailPage } from './pages/StatusPageDetailPage.js';
import { StatusPagesPage } from './pages/StatusPagesPage.js';

const whoami = (roles: string[], permissions: string[]) => () => ({
  payload: { user: { id: 'u1', name: 'Ed' }, roles, permissions },
});
const EDITOR = whoami(['editor'], ['status_pages:read', 'status_pages:write']);

const ROW = {
  id: 'sp1',
  slug: 'shop',
  title: 'Shop status',
  logo: null,
  description: '',
  groups: [{ name: 'API', selectors: [{ kind: 'check', name: 'api-*' }] }],
  custom_domain: null,
  source: 'UI',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  created_by: null,
};

const uptime = (v: number | null) => Array.from({ length: 90 }, () => v);
const PUBLIC = {
  slug: 'shop',
  title: 'Shop status',
  description: 'How the shop is doing',
  logo: null,
  state: 'outage',
  since: '2026-08-04',
  groups: [
    {
      name: 'API',
      state: 'outage',
      members: [
        { key: 'k1', name: 'api-one', state: 'operational', uptime: uptime(100), uptime90: 100 },
        { key: 'k2', name: 'api-two', state: 'outage', uptime: uptime(null), uptime90: null },
      ],
    },
  ],
  incidents: [
    {
      key: 'i1',
      title: 'Checkout errors',
      status: 'open',
      active: true,
      started: '2026-11-01T10:00:00Z',
      resolved: null,
      affects: ['api-two'],
      updates: [{ key: 'u1', at: '2026-11-01T10:05:00Z', text: 'We are looking into it.' }],
    },
  ],
  generated_at: '2026-11-01T10:06:00Z',
};

describe('Settings › Status Pages', () => {
  it('lists pages sorted and paged by the server, with a link to each public page', async () => {
    const server = fakeServer({ '/api/auth/whoami': EDITOR, '/api/db/status_pages': pagedRows([ROW]) });
    renderWithApp(<StatusPagesPage />, { url: '/settings/status-pages', route: '/settings/status-pages' });
    expect(await screen.findByText('Shop status')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /shop/ })).toHaveAttribute('href', '/status/shop');
    const list = server.requests.find((r) => r.url.pathname === '/api/db/status_pages');
    expect(list?.url.searchParams.get('order')).toBe('slug.asc');
    expect(list?.url.searchParams.get('limit')).not.toBeNull();
  });

  it('refuses a bad slug and an empty group in the form, previews matches, and creates the page', async () => {
    const server = fakeServer({
      '/api/auth/whoami': EDITOR,
      'POST /api/db/status_pages': () => json([{ id: 'new1' }], { status: 201 }),
      'POST /api/status-pages/preview': () => [
        {
          name: 'API',
          count: 2,
          members: [
            { kind: 'check', name: 'api-one', state: 'operational' },
            { kind: 'check', name: 'api-two', state: 'outage' },
          ],
        },
      ],
      '/api/db/status_pages': () => [{ ...ROW, id: 'new1' }],
    });
    const user = userEvent.setup();
    renderWithApp(<StatusPageDetailPage />, {
      url: '/settings/status-pages/new',
      route: '/settings/status-pages/new',
    });
    const form = await screen.findByRole('form', { name: 'Status page' });
    await user.type(within(form).getByRole('textbox', { name: /Slug/ }), 'Not A Slug');
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Shop status');
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText(/a slug is lower-case letters/)).toBeInTheDocument();
    expect(await screen.findByText('a group needs a name')).toBeInTheDocument();
    expect(server.requests.filter((r: FakeRequest) => r.method === 'POST')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /Slug/ }));
    await user.type(within(form).getByRole('textbox', { name: /Slug/ }), 'shop');
    await user.type(within(form).getByRole('textbox', { name: /Group 1 name/ }), 'API');
    await user.type(within(form).getByRole('textbox', { name: /^Name(?!space)/ }), 'api-*');
    await user.click(screen.getByRole('button', { name: 'Preview matches' }));
    const preview = await screen.findByRole('listitem', { name: 'Preview of API' });
    expect(within(preview).getByText(/2 matches/)).toBeInTheDocument();
    expect(within(preview).getByText(/api-two/)).toBeInTheDocument();
    expect(server.requests.find((r) => r.url.pathname === '/api/status-pages/preview')?.body).toEqual({
      groups: [{ name: 'API', selectors: [{ name: 'api-*' }] }],
    });

    await user.click(within(form).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(
        server.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/db/status_pages')?.body,
      ).toMatchObject({
        slug: 'shop',
        title: 'Shop status',
        logo: null,
        custom_domain: null,
        source: 'UI',
        groups: [{ name: 'API', selectors: [{ name: 'api-*' }] }],
      }),
    );
  });
});

describe('the public status page', () => {
  it('shows the groups, member states, uptime bars and the public update, without sign-in', async () => {
    const server = fakeServer({ '/api/status/shop': () => PUBLIC });
    renderWithApp(<PublicStatusPageRoute />, { url: '/status/shop', route: '/status/:slug' });
    expect(await screen.findByRole('heading', { name: 'Shop status' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Some systems are down');
    const api = screen.getByRole('region', { name: 'API' });
    expect(within(api).getByRole('listitem', { name: 'api-one' })).toHaveTextContent('Operational');
    expect(within(api).getByRole('listitem', { name: 'api-two' })).toHaveTextContent('Outage');
    expect(within(api).getByRole('img', { name: 'api-one: 90-day uptime' }).children).toHaveLength(90);
    const incidents = screen.getByRole('region', { name: 'Active incidents' });
    expect(within(incidents).getByText('We are looking into it.')).toBeInTheDocument();
    expect(within(incidents).getByText(/Affects api-two/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Subscribe/ })).toHaveAttribute(
      'href',
      '/api/status/shop/feed.atom',
    );
    expect(server.hrefs().some((h) => h.includes('/api/db/'))).toBe(false);
    // Nothing planned: no maintenance section.
    expect(screen.queryByRole('region', { name: 'Upcoming maintenance' })).toBeNull();
  });

  it('lists upcoming maintenance and draws days of maintenance in their own colour, with a legend', async () => {
    const [first, second] = PUBLIC.groups[0]?.members ?? [];
    fakeServer({
      '/api/status/shop': () => ({
        ...PUBLIC,
        groups: [
          {
            ...PUBLIC.groups[0],
            members: [{ ...first, state: 'maintenance', maintenance_days: [88] }, second],
          },
        ],
        maintenance: [
          {
            key: 'm1',
            name: 'Database upgrade',
            description: 'Moving to a larger server',
            active: true,
            updated: '2026-10-30T09:00:00Z',
            affects: ['api-one'],
            occurrences: [{ starts: '2026-11-01T09:00:00Z', ends: '2026-11-01T11:00:00Z' }],
          },
          {
            key: 'm2',
            name: 'Nightly patching',
            description: null,
            active: false,
            updated: '2026-10-30T09:00:00Z',
            affects: ['api-two'],
            occurrences: [
              { starts: '2026-11-02T02:00:00Z', ends: '2026-11-02T03:00:00Z' },
              { starts: '2026-11-03T02:00:00Z', ends: '2026-11-03T03:00:00Z' },
            ],
          },
        ],
      }),
    });
    renderWithApp(<PublicStatusPageRoute />, { url: '/status/shop', route: '/status/:slug' });
    const section = await screen.findByRole('region', { name: 'Upcoming maintenance' });
    // A member a window covers now reads so, not by its own state.
    const api = screen.getByRole('region', { name: 'API' });
    expect(within(api).getByRole('listitem', { name: 'api-one' })).toHaveTextContent('Under maintenance');
    const upgrade = within(section).getByRole('article', { name: 'Database upgrade' });
    expect(upgrade).toHaveTextContent('In progress');
    expect(upgrade).toHaveTextContent('Moving to a larger server');
    expect(upgrade).toHaveTextContent('Affects api-one');
    // In the reader's time zone, to the minute.
    expect(upgrade).toHaveTextContent(maintenanceRange('2026-11-01T09:00:00Z', '2026-11-01T11:00:00Z'));
    // No seconds; a range within one day names the day once.
    expect(maintenanceRange('2026-11-01T09:00:00Z', '2026-11-01T09:30:00Z')).toMatch(
      /^\w{3} \d{1,2}, 2026, \d\d:\d\d – \d\d:\d\d$/,
    );
    const nightly = within(section).getByRole('article', { name: 'Nightly patching' });
    expect(nightly).not.toHaveTextContent('In progress');
    expect(within(nightly).getAllByRole('listitem')).toHaveLength(2);
    expect(within(section).getByText(/^Times in /)).toBeInTheDocument();

    const bars = screen.getByRole('img', { name: 'api-one: 90-day uptime' }).children;
    expect(bars[88]).toHaveAttribute('title', '2026-10-31: maintenance, 100% uptime');
    expect(bars[88]?.className).toContain('bg-brand-400');
    expect(bars[87]?.className).toContain('bg-health-healthy');
    expect(bars[87]?.className).not.toContain('bg-brand-400');
    const legend = screen.getByRole('list', { name: 'Legend' });
    const swatch = within(legend).getByText('Maintenance').querySelector('span');
    expect(swatch?.className).toContain('bg-brand-400');
  });

  it('says the page is not found for an unknown slug', async () => {
    fakeServer({ '/api/status/nope': () => json({ error: 'Not found' }, { status: 404 }) });
    renderWithApp(<PublicStatusPageRoute />, { url: '/status/nope', route: '/status/:slug' });
    expect(await screen.findByRole('heading', { name: 'Status page not found' })).toBeInTheDocument();
  });
});
