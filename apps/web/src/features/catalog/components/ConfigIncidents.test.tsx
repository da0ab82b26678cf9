import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ConfigIncidents } from './ConfigIncidents.js';

const CONFIG = 'c0c0c0c0-0000-4000-8000-000000000001';
const incident = (id: string, title: string, status: string) => ({
  id,
  incident_id: `INC-${id}`,
  title,
  type: 'availability',
  severity: 'high',
  status,
  created_at: '2026-11-29T10:00:00Z',
});
const linked = [incident('i1', 'Orders down', 'open'), incident('i2', 'Disk full', 'resolved')];

function serve(properties: Array<{ name: string; value: string }> = []) {
  return fakeServer({
    '/api/properties': () => properties,
    '/api/db/incidents_by_config': ({ url }: FakeRequest) => {
      const q = url.searchParams;
      expect(q.get('config_id')).toBe(`eq.${CONFIG}`);
      const status = q.get('status')?.replace(/^eq\./, '');
      return linked.filter((i) => !status || i.status === status);
    },
  });
}

describe("a catalog item's incidents (incidents_by_config)", () => {
  it('lists the open incidents linked by evidence, each a link; the Status filter shows the others', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<ConfigIncidents configId={CONFIG} />);
    const section = await screen.findByRole('region', { name: 'Incidents' });
    expect(await within(section).findByRole('link', { name: /Orders down/ })).toHaveAttribute(
      'href',
      '/incidents/i1',
    );
    expect(within(section).queryByText('Disk full')).toBeNull();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Status' }), 'all');
    expect(await within(section).findByRole('link', { name: /Disk full/ })).toBeInTheDocument();
  });

  it('says when none is linked, and is gone when the incidents feature is off', async () => {
    const server = serve();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<ConfigIncidents configId={CONFIG} />);
    const section = await screen.findByRole('region', { name: 'Incidents' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await within(section).findByText('No incidents')).toBeInTheDocument();
    unmount();
    expect(server.hrefs().length).toBeGreaterThan(0);

    serve([{ name: 'incidents.disable', value: 'true' }]);
    renderWithApp(<ConfigIncidents configId={CONFIG} />);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Incidents' })).toBeNull());
  });
});
