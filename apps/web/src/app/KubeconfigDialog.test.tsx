import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../test/fakeServer.js';
import { renderWithApp } from '../test/render.js';
import { KUBECONFIG_DOCS, KubeconfigDialog, kubectlCommand } from './KubeconfigDialog.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('KubeconfigDialog', () => {
  it('names the file after the backend host in the kubectl command', () => {
    expect(kubectlCommand('https://ops.example.com')).toBe(
      'kubectl --kubeconfig ~/Downloads/ops.example.com-kubeconfig.yaml get canaries -A',
    );
    expect(kubectlCommand('http://127.0.0.1:8080')).toContain('127.0.0.1-8080-kubeconfig.yaml');
  });

  // Issue 37, finding 9: the file (and its token) came from a GET link, so any site could make one.
  it('step 1 POSTs /api/kubeconfig and saves the answer under its name, without a link to it', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'POST /api/kubeconfig': () =>
        new Response('apiVersion: v1\n', {
          headers: {
            'content-type': 'application/yaml',
            'content-disposition': 'attachment; filename="ops.example.com-kubeconfig.yaml"',
          },
        }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const blobs = URL as unknown as { createObjectURL: () => string; revokeObjectURL: () => void };
    vi.spyOn(blobs, 'createObjectURL').mockReturnValue('blob:kubeconfig');
    renderWithApp(<KubeconfigDialog open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    expect(within(dialog).queryByRole('link', { name: 'Download kubeconfig' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Download kubeconfig' }));
    await waitFor(() => expect(saved).toEqual(['ops.example.com-kubeconfig.yaml']));
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/kubeconfig']);
  });

  it('says why when the server refuses', async () => {
    const user = userEvent.setup();
    fakeServer({
      'POST /api/kubeconfig': () => json({ error: 'Cross-site request refused' }, { status: 403 }),
    });
    renderWithApp(<KubeconfigDialog open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    await user.click(within(dialog).getByRole('button', { name: 'Download kubeconfig' }));
    expect(await screen.findByText('Cross-site request refused')).toBeInTheDocument();
  });

  it('step 2 copies the kubectl command, Learn more', async () => {
    const user = userEvent.setup();
    // After setup: user-event installs a clipboard of its own.
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<KubeconfigDialog open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    const command = kubectlCommand(window.location.origin);
    expect(within(dialog).getByText(command)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy kubectl command' }));
    expect(writeText).toHaveBeenCalledWith(command);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', KUBECONFIG_DOCS);
  });
});
