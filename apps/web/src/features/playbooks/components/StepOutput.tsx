import { Download } from 'lucide-react';
import { toast } from 'sonner';
import type { RunActionDetail } from '../api/types.js';
import { outputBlocks, outputText } from '../lib/stepOutput.js';
import { OutputBlockView } from './OutputBlocks.js';

/** Saves the step's output as a text file. */
export function downloadLogs(step: Pick<RunActionDetail, 'name' | 'result' | 'error'>): void {
  try {
    const blob = new Blob([outputText(step.result, step.error)], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${step.name.replace(/[^\w.-]+/g, '_') || 'step'}.log`;
    a.click();
    URL.revokeObjectURL(url);
    toast.success('Downloaded logs');
  } catch {
    toast.error('Failed to download logs');
  }
}

/** The selected step's output, drawn by its content type or its shape; its error in red. */
export function StepOutput({
  step,
  contentType,
}: {
  step: Pick<RunActionDetail, 'name' | 'result' | 'error'>;
  contentType: string | undefined;
}) {
  const blocks = outputBlocks(step.result, contentType);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center gap-2">
        <h3 className="flex-1 truncate font-semibold">{step.name}</h3>
        <button type="button" className="btn" onClick={() => downloadLogs(step)}>
          <Download className="size-4" aria-hidden /> Download logs
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto" data-testid="step-output">
        {step.error ? (
          <pre
            role="alert"
            className="rounded-md border border-red-300 p-3 font-mono text-xs whitespace-pre-wrap text-health-unhealthy"
          >
            {step.error}
          </pre>
        ) : null}
        {blocks.map((b, i) => (
          <OutputBlockView key={i} block={b} />
        ))}
        {blocks.length === 0 && !step.error ? <p className="text-muted">No result</p> : null}
      </div>
    </div>
  );
}
