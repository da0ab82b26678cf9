import { kubeconfigFileName } from '@opsdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { Copy, Download } from 'lucide-react';
import { downloadFile } from '../api/download.js';
import { showError } from '../api/queryClient.js';
import { copyToClipboard } from '../ui/clipboard.js';
import { Modal } from '../ui/Modal.js';

export const KUBECONFIG_DOCS = 'https://github.com/opsdeck/opsdeck/blob/main/docs/kubeconfig.md';

/** The kubectl command of step 2, for the file as the browser names it. */
export function kubectlCommand(origin: string): string {
  return `kubectl --kubeconfig ~/Downloads/${kubeconfigFileName(origin)} get canaries -A`;
}

/**
 * Download kubeconfig: step 1 the file (a new access token of the user, made by a POST from this
 * page and saved without leaving it), step 2 the kubectl command that lists canaries with it.
 */
export function KubeconfigDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const command = kubectlCommand(window.location.origin);
  // A POST: it makes a new access token of the user (docs/kubeconfig.md).
  const download = useMutation({
    mutationFn: () =>
      downloadFile('/api/kubeconfig', { method: 'POST' }, kubeconfigFileName(window.location.origin)),
    onError: showError,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Download kubeconfig" size="md">
      <ol className="flex list-decimal flex-col gap-4 pl-5">
        <li className="flex flex-col gap-2">
          <span>Download the kubeconfig file. It holds a new access token of yours.</span>
          <button
            type="button"
            className="btn btn-primary self-start"
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            <Download className="size-4" aria-hidden /> Download kubeconfig
          </button>
        </li>
        <li className="flex flex-col gap-2">
          <span>List the canaries with kubectl and the downloaded file:</span>
          <div className="flex items-center gap-2">
            <code className="flex-1 overflow-x-auto rounded-md bg-subtle px-2 py-1.5 text-xs whitespace-nowrap">
              {command}
            </code>
            <button
              type="button"
              className="btn"
              aria-label="Copy kubectl command"
              onClick={() => void copyToClipboard(command)}
            >
              <Copy className="size-4" aria-hidden />
            </button>
          </div>
        </li>
      </ol>
      <p className="mt-4">
        <a
          className="text-brand-600 underline"
          href={KUBECONFIG_DOCS}
          target="_blank"
          rel="noreferrer noopener"
        >
          Learn more
        </a>
      </p>
    </Modal>
  );
}
