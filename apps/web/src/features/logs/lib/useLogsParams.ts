import { TIME_RANGE_OPTIONS } from '@opsdeck/shared';
import { useUrlParams } from '../../../lib/urlState.js';

/** The start choices, newest first; the first is the default. */
export const START_PRESETS: readonly string[] = TIME_RANGE_OPTIONS;
export const DEFAULT_START = START_PRESETS[0] ?? '15m';

/** The search box is written to the URL this long after the last key. */
export const LOG_QUERY_DEBOUNCE_MS = 500;

export type LogsParams = { topologyId: string; logsSelector: string; query: string; start: string };

/** /logs state in the URL: topologyId, logsSelector, query and start. */
export function useLogsParams(): [LogsParams, (update: Partial<LogsParams>) => void] {
  const [params, setParams] = useUrlParams();
  const state: LogsParams = {
    topologyId: params.get('topologyId') ?? '',
    logsSelector: params.get('logsSelector') ?? '',
    query: params.get('query') ?? '',
    start: params.get('start') ?? DEFAULT_START,
  };
  return [state, (update) => setParams(update)];
}
