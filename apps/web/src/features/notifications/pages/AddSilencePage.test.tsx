import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { CHECK_ID, serve } from '../test/serve.js';
import { AddSilencePage } from './AddSilencePage.js';

function routes(posts: FakeRequest[], previews: FakeRequest[]) {
  return {
    'GET /api/db/checks': () => [{ id: CHECK_ID, name: 'api-health', type: 'http' }],
    'GET /api/db/config_items': () => [
      { id: 'cfg1', name: 'orders-deployment', type: 'Kubernetes::Deployment' },
    ],
    'GET /api/notification/silence_preview': (req: FakeRequest) => {
      previews.push(req);
      return req.url.searchParams.get('type') === 'check'
        ? [{ id: CHECK_ID, name: 'api-health', type: 'http', resource_type: 'check' }]
        : [];
    },
    'POST /api/notification/silence': (req: FakeRequest) => {
      posts.push(req);
      return json(
        { id: 's-new', ...(req.body as object), created_by: 'u1', created_at: null, updated_at: null },
        { status: 201 },
      );
    },
  };
}

describe('AddSilencePage', () => {
  it('is pre-filled from ?check_id (the check panel link), previews the match, saves and goes to the list', async () => {
    const posts: FakeRequest[] = [];
    const previews: FakeRequest[] = [];
    serve(['admin'], routes(posts, previews));
    const user = userEvent.setup();
    const app = renderWithApp(<AddSilencePage />, {
      url: `/notifications/silences/add?check_id=${CHECK_ID}`,
    });
    expect(await screen.findByRole('radio', { name: 'Check' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Check/ })).toHaveValue(CHECK_ID));
    const preview = await screen.findByRole('region', { name: 'Matched resources' });
    expect(await within(preview).findByText('api-health')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Recursive/ }));
    await waitFor(() =>
      expect(previews.some((r) => r.url.searchParams.get('recursive') === 'true')).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Silence Duration/ }), '2d');
    await user.type(screen.getByLabelText('Reason'), 'planned maintenance');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(app.location().pathname).toBe('/notifications/silences'));
    expect(posts[0]?.body).toEqual({
      from: 'now',
      until: 'now+2d',
      description: 'planned maintenance',
      recursive: true,
      namespace: 'default',
      source: 'UI',
      check_id: CHECK_ID,
    });
  });

  it('wants a resource; choosing another kind clears the chosen one', async () => {
    const posts: FakeRequest[] = [];
    serve(['admin'], routes(posts, []));
    const user = userEvent.setup();
    renderWithApp(<AddSilencePage />, { url: `/notifications/silences/add?check_id=${CHECK_ID}` });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Check/ })).toHaveValue(CHECK_ID));
    await user.click(screen.getByRole('radio', { name: 'Catalog' }));
    const catalog = await screen.findByRole('combobox', { name: /^Catalog/ });
    expect(catalog).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await within(catalog).findByRole('option', { name: /orders-deployment/ });
    await user.selectOptions(catalog, 'cfg1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ config_id: 'cfg1', until: 'now+4h' });
    expect(posts[0]?.body).not.toHaveProperty('check_id');
  });

  it("shows the server's refusal and stays on the form", async () => {
    serve(['admin'], {
      ...routes([], []),
      'POST /api/notification/silence': () => json({ error: 'from must be before until' }, { status: 400 }),
    });
    const user = userEvent.setup();
    const app = renderWithApp(<AddSilencePage />, {
      url: `/notifications/silences/add?check_id=${CHECK_ID}`,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Check/ })).toHaveValue(CHECK_ID));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('from must be before until');
    expect(app.location().pathname).toBe('/notifications/silences/add');
  });
});
