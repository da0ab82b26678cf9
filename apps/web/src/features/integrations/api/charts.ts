import { chartAnswerSchema, type ChartAnswer, type ChartId } from '@opsdeck/shared';
import { http } from '../../../api/http.js';

/** Longer than the server's 5 s for the registry: the server answers its bundled copy by then. */
const CHART_TIMEOUT_MS = 10_000;

/** One chart of the registry through the server, or the server's bundled copy (`source: 'bundled'`). */
export async function fetchChart(id: ChartId, signal?: AbortSignal): Promise<ChartAnswer> {
  const body = await http(`/api/integrations/charts/${id}`, { signal, timeoutMs: CHART_TIMEOUT_MS });
  return chartAnswerSchema.parse(body);
}
