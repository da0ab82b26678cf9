import { useMemo } from 'react';
import { useFeatureCheck } from '../../../auth/features.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { Unauthorized } from '../../../ui/Unauthorized.js';
import { useComponentsWithLogs, useLogs, type LogSearch } from '../api/logsApi.js';
import { LogsFilters } from '../components/LogsFilters.js';
import { LogsTable } from '../components/LogsTable.js';
import { useLogsParams } from '../lib/useLogsParams.js';

export const NO_COMPONENT_TEXT = 'Please select a component to view the logs';
export const NO_LOGS_TEXT = 'There are no logs matching the search query';

/** /logs: one component's logs by selector, search text and start, newest line first. */
export function LogsPage() {
  const isDisabled = useFeatureCheck();
  const [params, setParams] = useLogsParams();
  const components = useComponentsWithLogs();
  const component = components.data?.find((c) => c.id === params.topologyId);
  // The first selector is chosen while the URL names none.
  const selector = params.logsSelector || component?.logs[0]?.name || '';
  // Searched once the components are known, so the first selector is asked for by name.
  const ready = Boolean(params.topologyId) && !components.isPending;
  const search = useMemo<LogSearch | undefined>(
    () =>
      ready ? { id: params.topologyId, name: selector, query: params.query, start: params.start } : undefined,
    [ready, params.topologyId, selector, params.query, params.start],
  );
  const logs = useLogs(search);
  const lines = useMemo(() => [...(logs.data?.results ?? [])].reverse(), [logs.data]);

  if (isDisabled('logs')) return <Unauthorized />;
  return (
    <Page crumbs={[{ label: 'Logs' }]}>
      <LogsFilters
        params={params}
        selector={selector}
        components={components.data ?? []}
        onChange={setParams}
        onRefresh={() => void logs.refetch()}
        refreshing={logs.isFetching}
      />
      {logs.isError ? (
        <ErrorView error={logs.error} onRetry={() => void logs.refetch()} />
      ) : (
        <LogsTable
          lines={search ? lines : []}
          loading={logs.isFetching || (Boolean(params.topologyId) && components.isPending)}
          emptyText={params.topologyId ? NO_LOGS_TEXT : NO_COMPONENT_TEXT}
        />
      )}
    </Page>
  );
}
