import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { TopologyFilters } from './TopologyFilters.js';

describe('topology filters', () => {
  it("offers the Agent filter by the agents' names, the local one as local", async () => {
    const agentId = 'a1a1a1a1-0000-4000-8000-000000000000';
    fakeServer({ '/api/db/agents': () => [{ id: agentId, name: 'edge-eu' }] });
    renderWithApp(
      <TopologyFilters
        tree={undefined}
        params={new URLSearchParams()}
        setParams={() => undefined}
        sort={{ sortBy: 'status', sortOrder: 'desc' }}
        setSort={() => undefined}
        agents={['00000000-0000-0000-0000-000000000000', agentId]}
        headlineFields={[]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Agent' });
    expect(await within(select).findByRole('option', { name: 'edge-eu' })).toHaveValue(agentId);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'local', 'edge-eu']);
  });
});
