import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { counted, INC_ID, incidentRow, serve } from '../test/serve.js';
import { IncidentListPage } from './IncidentListPage.js';

const responders = Array.from({ length: 7 }, (_, i) => ({
  id: `r${i}`,
  person: { id: `p${i}`, name: `Person ${i}`, avatar: null },
  team: null,
}));

const summary = (req: { url: URL }) => req.url.pathname === '/api/db/incident_summary';

describe('IncidentListPage', () => {
  afterEach(() => vi.useRealTimers());

  it('lists incidents with their columns, open by default, and opens a row', async () => {
    const server = serve(['admin'], {
      'GET /api/db/incident_summary': () => counted([incidentRow({ responders })]),
    });
    const user = userEvent.setup();
    const app = renderWithApp(<IncidentListPage />, { url: '/incidents' });
    const row = await screen.findByRole('row', { name: /API latency/ });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Title',
      'Severity',
      'Status',
      'Type',
      'Commander',
      'Responders',
      'Created',
    ]);
    expect(within(row).getByText('INC-1')).toBeInTheDocument();
    expect(within(row).getByText('Maya Okafor')).toBeInTheDocument();
    // At most 5 responder avatars, then +2.
    expect(within(row).getAllByTestId('responder')).toHaveLength(5);
    expect(within(row).getByText('+2')).toBeInTheDocument();
    const req = server.requests.find(summary);
    expect(req?.url.searchParams.get('status')).toBe('eq.open');
    expect(req?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(req?.url.searchParams.get('type')).toBeNull();

    await user.click(within(row).getByText('API latency'));
    await waitFor(() => expect(app.location().pathname).toBe(`/incidents/${INC_ID}`));
  });

  it('keeps filters in the URL, leaves all out of the query, and reads them back', async () => {
    const server = serve(['viewer'], { 'GET /api/db/incident_summary': () => counted([]) });
    const user = userEvent.setup();
    const app = renderWithApp(<IncidentListPage />, { url: '/incidents?severity=critical&owner=p2' });
    expect(await screen.findByText('There are no incidents matching this criteria')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('critical');
    const first = server.requests.find(summary);
    expect(first?.url.searchParams.get('severity')).toBe('eq.critical');
    expect(first?.url.searchParams.get('created_by')).toBe('eq.p2');
    // A viewer cannot create.
    expect(screen.queryByRole('button', { name: 'Create New Incident' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'security');
    await waitFor(() => expect(app.location().searchParams.get('type')).toBe('security'));
    expect(app.location().searchParams.get('status')).toBe('all');
    await waitFor(() =>
      expect(
        server.requests.some(
          (r) =>
            summary(r) &&
            r.url.searchParams.get('type') === 'eq.security' &&
            !r.url.searchParams.has('status'),
        ),
      ).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'all');
    await waitFor(() => expect(app.location().searchParams.has('severity')).toBe(false));
  });

  it('debounces the search by 400 ms before it reaches the URL and the server', async () => {
    const server = serve(['admin'], { 'GET /api/db/incident_summary': () => counted([incidentRow()]) });
    const app = renderWithApp(<IncidentListPage />, { url: '/incidents' });
    await screen.findByRole('row', { name: /API latency/ });
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search incidents' }), {
      target: { value: 'lat' },
    });
    act(() => vi.advanceTimersByTime(300));
    expect(app.location().searchParams.get('search')).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    expect(app.location().searchParams.get('search')).toBe('lat');
    vi.useRealTimers();
    await waitFor(() =>
      expect(
        server.requests.some(
          (r) => summary(r) && r.url.searchParams.get('or')?.includes('title.ilike.*lat*'),
        ),
      ).toBe(true),
    );
  });

  it('filters by component through incidents_by_component ids', async () => {
    const server = serve(['admin'], {
      'GET /api/db/incidents_by_component': () => [{ id: INC_ID }, { id: 'other' }],
      'GET /api/db/incident_summary': () => counted([incidentRow()]),
    });
    renderWithApp(<IncidentListPage />, { url: '/incidents?component=c1' });
    await screen.findByRole('row', { name: /API latency/ });
    const byComponent = server.requests.find((r) => r.url.pathname.endsWith('incidents_by_component'));
    expect(byComponent?.url.searchParams.get('component_id')).toBe('eq.c1');
    expect(server.requests.find(summary)?.url.searchParams.get('id')).toBe(`in.(${INC_ID},other)`);
  });

  it('shows a skeleton while loading and the server error with Retry', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve(['admin'], {
      'GET /api/db/incident_summary': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithApp(<IncidentListPage />, { url: '/incidents' });
    expect(await screen.findByLabelText('Loading incidents')).toBeInTheDocument();
    answer(json({ message: 'permission denied' }, { status: 403 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('permission denied');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('opens the responder popover one second after hovering, and closes it one second after leaving', async () => {
    serve(['admin'], { 'GET /api/db/incident_summary': () => counted([incidentRow({ responders })]) });
    renderWithApp(<IncidentListPage />, { url: '/incidents' });
    const avatar = (await screen.findAllByTestId('responder'))[0];
    if (!avatar) throw new Error('no responder');
    vi.useFakeTimers();
    fireEvent.mouseEnter(avatar);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Person 0');
    fireEvent.mouseLeave(avatar);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
