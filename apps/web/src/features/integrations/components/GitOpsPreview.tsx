import { Copy } from 'lucide-react';
import { copyToClipboard } from '../../../ui/clipboard.js';
import { Tabs } from '../../../ui/Tabs.js';
import { fluxYaml, helmCommand, type GitOpsInput } from '../lib/gitops.js';

/** The warning above the Flux preview. */
const FLUX_WARNING = 'The Kubernetes chart must be installed in flux.';

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <div className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-icon absolute top-2 right-2 h-7 w-7"
        aria-label={`Copy ${label}`}
        title="Copy to clipboard"
        onClick={() => void copyToClipboard(text)}
      >
        <Copy className="size-4" aria-hidden />
      </button>
      <pre
        aria-label={label}
        className="max-h-[50vh] overflow-auto rounded-md border border-line bg-subtle p-3 font-mono text-xs whitespace-pre"
      >
        {text}
      </pre>
    </div>
  );
}

/** The install preview in two tabs, Flux and Helm CLI; nothing is applied by the server. */
export function GitOpsPreview({ input }: { input: GitOpsInput }) {
  return (
    <Tabs
      tabs={[
        {
          value: 'flux',
          label: 'Flux',
          content: (
            <div className="flex flex-col gap-2">
              <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
                {FLUX_WARNING}
              </p>
              <Snippet label="Flux YAML" text={fluxYaml(input)} />
            </div>
          ),
        },
        {
          value: 'helm',
          label: 'Helm CLI',
          content: <Snippet label="Helm command" text={helmCommand(input)} />,
        },
      ]}
    />
  );
}
