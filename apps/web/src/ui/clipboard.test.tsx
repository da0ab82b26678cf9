import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './clipboard.js';

afterEach(() => vi.unstubAllGlobals());

function stubClipboard(writeText: ((t: string) => Promise<void>) | undefined) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: writeText ? { writeText } : undefined });
}

describe('clipboard', () => {
  it("says 'Copied to clipboard' on success", async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    render(<Toaster />);
    expect(await copyToClipboard('abc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });

  it("says 'Clipboard not available' without a clipboard", async () => {
    stubClipboard(undefined);
    render(<Toaster />);
    expect(await copyToClipboard('abc')).toBe(false);
    expect(await screen.findByText('Clipboard not available')).toBeInTheDocument();
  });

  it("says 'Failed to copy to clipboard' when writing fails", async () => {
    stubClipboard(async () => Promise.reject(new Error('denied')));
    render(<Toaster />);
    expect(await copyToClipboard('abc')).toBe(false);
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
  });
});
