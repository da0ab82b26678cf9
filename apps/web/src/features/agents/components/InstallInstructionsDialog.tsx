import { Copy } from 'lucide-react';
import { copyToClipboard } from '../../../ui/clipboard.js';
import { Modal } from '../../../ui/Modal.js';
import { Tabs } from '../../../ui/Tabs.js';
import {
  containerCommand,
  fluxYaml,
  helmCommands,
  opsdeckAgentCommand,
  type InstallInput,
} from '../lib/install.js';

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className="btn" aria-label={label} onClick={() => void copyToClipboard(text)}>
      <Copy className="size-4" aria-hidden /> Copy
    </button>
  );
}

function Snippet({ text, label }: { text: string; label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <pre className="max-h-80 overflow-auto rounded-md bg-subtle p-3 text-xs" aria-label={label}>
        {text}
      </pre>
      <div className="flex justify-end">
        <CopyButton text={text} label={`Copy ${label}`} />
      </div>
    </div>
  );
}

/**
 * Installation Instructions after an agent is created. The token lives only in the caller's
 * state: once this dialog closes it is gone, and nothing can show it again.
 */
export function InstallInstructionsDialog({ input, onClose }: { input: InstallInput; onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Installation Instructions"
      size="lg"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <span className="text-xs font-semibold text-muted">Access token</span>
          <div className="flex items-center gap-2">
            <code
              className="flex-1 truncate rounded-md bg-subtle px-2 py-1.5 text-xs"
              data-testid="agent-token"
            >
              {input.token}
            </code>
            <CopyButton text={input.token} label="Copy access token" />
          </div>
          <p className="text-xs text-muted">
            This token is shown only once. Copy it now: it cannot be displayed again.
          </p>
        </div>
        <Tabs
          tabs={[
            {
              value: 'flux',
              label: 'Flux',
              content: <Snippet text={fluxYaml(input)} label="Flux manifest" />,
            },
            {
              value: 'helm',
              label: 'Helm CLI',
              content: <Snippet text={helmCommands(input)} label="Helm commands" />,
            },
          ]}
        />
        <p className="text-xs text-muted">
          Both install Opsdeck&apos;s agent chart (deploy/charts/opsdeck-agent in the Opsdeck repository) with
          the image built from its Dockerfile; docs/deploy.md says how to build and publish it.
        </p>
        <div className="flex flex-col gap-1.5">
          <span className="text-xs font-semibold text-muted">
            Without Kubernetes: the same image as a container
          </span>
          <Snippet text={containerCommand(input)} label="Container command" />
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-xs font-semibold text-muted">
            Or where Opsdeck is installed (opsdeck on PATH)
          </span>
          <Snippet text={opsdeckAgentCommand(input)} label="Agent command" />
        </div>
      </div>
    </Modal>
  );
}
