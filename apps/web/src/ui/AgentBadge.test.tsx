import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fakeServer.js';
import { renderWithApp } from '../test/render.js';
import { AgentBadge } from './AgentBadge.js';

const AGENT = '6f1c2d3e-0000-4000-8000-000000000001';

describe('AgentBadge', () => {
  it('shows nothing for local rows (the all-zero id) or rows without an agent', async () => {
    const server = fakeServer({ '/api/db/agents': () => [{ id: AGENT, name: 'edge-eu' }] });
    const { container } = renderWithApp(
      <>
        <AgentBadge agentId={LOCAL_AGENT_ID} />
        <AgentBadge agentId={null} />
        <AgentBadge agent={{ id: LOCAL_AGENT_ID, name: 'local' }} />
      </>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(container.textContent).toBe('');
    expect(server.requests).toHaveLength(0);
  });

  it('uses an embedded agent name without asking the server', () => {
    const server = fakeServer({});
    renderWithApp(<AgentBadge agent={{ id: AGENT, name: 'edge-eu' }} />);
    expect(screen.getByText('edge-eu')).toHaveAttribute('title', 'Agent: edge-eu');
    expect(server.requests).toHaveLength(0);
  });

  it('looks the name up by agent_id, once for many badges', async () => {
    const server = fakeServer({ '/api/db/agents': () => [{ id: AGENT, name: 'edge-eu' }] });
    renderWithApp(
      <>
        <AgentBadge agentId={AGENT} />
        <AgentBadge agentId={AGENT} />
      </>,
    );
    expect(await screen.findAllByText('edge-eu')).toHaveLength(2);
    const asked = server.requests.filter((r) => r.url.pathname === '/api/db/agents');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url.searchParams.get('select')).toBe('id,name');
  });

  it('falls back to the id prefix while the name is unknown', () => {
    fakeServer({}, () => new Promise(() => undefined));
    renderWithApp(<AgentBadge agentId={AGENT} />);
    expect(screen.getByText('6f1c2d3e')).toBeInTheDocument();
  });
});
