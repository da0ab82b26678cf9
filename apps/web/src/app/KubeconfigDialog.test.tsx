import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.js';
import { KUBECONFIG_DOCS, KubeconfigDialog, kubectlCommand } from './KubeconfigDialog.js';

afterEach(() => vi.unstubAllGlobals());

describe('KubeconfigDialog', () => {
  it('names the file after the backend host in the kubectl command', () => {
    expect(kubectlCommand('https://ops.example.com')).toBe(
      'kubectl --kubeconfig ~/Downloads/ops.example.com-kubeconfig.yaml get canaries -A',
    );
    expect(kubectlCommand('http://127.0.0.1:8080')).toContain('127.0.0.1-8080-kubeconfig.yaml');
  });

  it('step 1 downloads /api/kubeconfig in a new tab, step 2 copies the kubectl command, Learn more', async () => {
    const user = userEvent.setup();
    // After setup: user-event installs a clipboard of its own.
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<KubeconfigDialog open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    const download = within(dialog).getByRole('link', { name: 'Download kubeconfig' });
    expect(download).toHaveAttribute('href', '/api/kubeconfig');
    expect(download).toHaveAttribute('target', '_blank');
    const command = kubectlCommand(window.location.origin);
    expect(within(dialog).getByText(command)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy kubectl command' }));
    expect(writeText).toHaveBeenCalledWith(command);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', KUBECONFIG_DOCS);
  });
});
