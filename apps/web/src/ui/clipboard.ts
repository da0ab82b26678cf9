import { toast } from 'sonner';
import { TOAST_MS } from '../api/queryClient.js';

export const CLIPBOARD_TEXT = {
  copied: 'Copied to clipboard',
  unavailable: 'Clipboard not available',
  failed: 'Failed to copy to clipboard',
} as const;

/** Copies text and says so in a toast; `successText` overrides 'Copied to clipboard'. */
export async function copyToClipboard(
  text: string,
  successText: string = CLIPBOARD_TEXT.copied,
): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    toast.error(CLIPBOARD_TEXT.unavailable, { duration: TOAST_MS });
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success(successText, { duration: TOAST_MS });
    return true;
  } catch {
    toast.error(CLIPBOARD_TEXT.failed, { duration: TOAST_MS });
    return false;
  }
}
