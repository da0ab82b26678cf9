import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { SourceLookupPage } from './SourceLookupPage.js';

const match = (id: string, name: string, type: string) => ({ id, name, type, deleted_at: null });

describe('lookup by source id', () => {
  it('opens the one match, even without read on topologies', async () => {
    const server = fakeServer({
      '/api/catalog/lookup': () => ({ results: [match('cfg1', 'api-7d9', 'Kubernetes::Pod')] }),
      '/api/topology/lookup': () => json({ error: 'forbidden' }, { status: 403 }),
    });
    const app = renderWithApp(<SourceLookupPage />, {
      url: '/lookup?external_id=uid-1234&type=Kubernetes::Pod',
    });
    await waitFor(() => expect(app.location().pathname).toBe('/catalog/cfg1'));
    const asked = server.requests.find((r) => r.url.pathname === '/api/catalog/lookup')?.url;
    expect(asked?.searchParams.get('external_id')).toBe('uid-1234');
    expect(asked?.searchParams.get('type')).toBe('Kubernetes::Pod');
  });

  it('lists several matches, config items and components, each linking to its page', async () => {
    fakeServer({
      '/api/catalog/lookup': () => ({ results: [match('cfg1', 'checkout-web', 'Kubernetes::Deployment')] }),
      '/api/topology/lookup': () => ({ results: [match('comp1', 'Checkout', 'Website')] }),
    });
    renderWithApp(<SourceLookupPage />, { url: '/lookup?external_id=checkout' });
    expect(await screen.findByRole('link', { name: /checkout-web/ })).toHaveAttribute(
      'href',
      '/catalog/cfg1',
    );
    expect(screen.getByRole('link', { name: /Checkout/ })).toHaveAttribute('href', '/topology/comp1');
  });

  it('says when nothing has the id', async () => {
    fakeServer({
      '/api/catalog/lookup': () => ({ results: [] }),
      '/api/topology/lookup': () => ({ results: [] }),
    });
    renderWithApp(<SourceLookupPage />, { url: '/lookup?external_id=nope' });
    expect(await screen.findByText(/No catalog item or component has the source id/)).toHaveTextContent(
      'nope',
    );
  });
});
