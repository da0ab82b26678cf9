import { Copy } from 'lucide-react';
import { Modal } from '../../../ui/Modal.js';
import { copyToClipboard } from '../../../ui/clipboard.js';

/** Shown after an invite: the one-time link, to pass on if the mail does not arrive. */
export function InviteLinkModal({ link, onClose }: { link: string | null; onClose: () => void }) {
  return (
    <Modal
      open={link !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="User invited"
      description="Share this link with the user: it lets them set a password. It works once and expires in 7 days."
      size="md"
    >
      <div className="flex items-center gap-2">
        <input
          className="input min-w-0 flex-1 font-mono text-xs"
          readOnly
          value={link ?? ''}
          aria-label="Invite link"
        />
        <button
          type="button"
          className="btn"
          onClick={() => void copyToClipboard(link ?? '', 'Link copied to clipboard')}
        >
          <Copy className="size-4" aria-hidden /> Copy
        </button>
      </div>
    </Modal>
  );
}
