import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fakeServer.js';
import { renderWithApp } from '../test/render.js';
import { SpecNotices } from './SpecNotices.js';

const ID = '6f1c2d3e-0000-4000-8000-000000000001';

describe('SpecNotices', () => {
  it('says an applied object comes from its file and lists what it names that does not exist yet', async () => {
    const server = fakeServer({
      '/api/db/canaries': () => [{ source: 'apply', applied: { file: 'checks/shop.yaml', digest: 'x' } }],
      [`/api/specs/unresolved/canaries/${ID}`]: () => ({
        unresolved: [
          { path: 'spec.http.0.connection', message: 'connection connection://web/shop not found' },
        ],
      }),
    });
    renderWithApp(<SpecNotices table="canaries" id={ID} />);
    const applied = await screen.findByRole('note', { name: 'Applied from a file' });
    expect(applied).toHaveTextContent(
      'Applied from checks/shop.yaml with opsdeck apply. A change saved here is overwritten by the next apply of that file',
    );
    const waiting = screen.getByRole('note', { name: /Waiting for what this names/ });
    expect(waiting).toHaveTextContent('spec.http.0.connection: connection connection://web/shop not found');
    const read = server.requests.find((r) => r.url.pathname === '/api/db/canaries');
    expect(read?.url.searchParams.get('id')).toBe(`eq.${ID}`);
  });

  it('shows nothing for an object made in the UI that names only what exists', async () => {
    const server = fakeServer({
      '/api/db/canaries': () => [{ source: 'UI', applied: null }],
      [`/api/specs/unresolved/canaries/${ID}`]: () => ({ unresolved: [] }),
    });
    const { container } = renderWithApp(<SpecNotices table="canaries" id={ID} />);
    await new Promise((r) => setTimeout(r, 30));
    expect(server.requests).toHaveLength(2);
    expect(container.textContent).toBe('');
  });
});
