import { useQuery } from '@tanstack/react-query';
import type { ChartId } from '@opsdeck/shared';
import { errorMessage } from '../../../api/errors.js';
import { fetchChart } from '../api/charts.js';
import { integrationsKeys } from '../api/keys.js';
import { bundledChart } from '../lib/charts.js';
import { GitOpsForm } from './GitOpsForm.js';

/**
 * A GitOps choice's chart, read from the chart registry through the server; the server's
 * bundled copy when the registry cannot be read, and the app's own when the server cannot be
 * asked. Which one the form shows is said above it.
 */
export function GitOpsChart({ id }: { id: ChartId }) {
  const chart = useQuery({
    queryKey: integrationsKeys.chart(id),
    queryFn: ({ signal }) => fetchChart(id, signal),
    // The server keeps the registry's answer; a failure falls back below instead of retrying.
    staleTime: 300_000,
    retry: false,
    meta: { silent: true },
  });
  if (chart.isPending) return <p className="py-6 text-center text-muted">Loading chart…</p>;
  const answer = chart.isError
    ? bundledChart(id, `the server could not be asked: ${errorMessage(chart.error)}`)
    : chart.data;
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <p className="text-xs text-muted">
        {answer.source === 'registry'
          ? 'Chart definition from the chart registry.'
          : `Bundled chart definition (${answer.reason ?? 'the chart registry could not be read'}).`}
      </p>
      <GitOpsForm chart={answer} />
    </div>
  );
}
