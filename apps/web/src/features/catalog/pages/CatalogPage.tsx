import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useUrlParams } from '../../../lib/urlState.js';
import { useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { CONFIG_CACHE, fetchConfigs, fetchSummary } from '../api/catalog.js';
import type { SummaryRow } from '../api/schemas.js';
import { CatalogFilterBar } from '../components/CatalogFilterBar.js';
import { CatalogTabs } from '../components/CatalogTabs.js';
import { ConfigList } from '../components/ConfigList.js';
import { SummaryTable } from '../components/SummaryTable.js';
import { useFavouriteTypes, useHideDeleted } from '../components/usePrefs.js';
import { readCatalogParams, showsSummary, summaryRowTarget } from '../lib/catalogParams.js';
import { LIST_DEFAULTS, listQueryOf, summaryQueryOf } from '../lib/pageQueries.js';
import { earlyConfigs, earlySummary } from '../api/firstPage.js';
import { catalogKeys } from '../api/keys.js';

/** /catalog: the grouped summary, or the flat list once a type or a search narrows it. */
export function CatalogPage() {
  const [urlParams, set] = useUrlParams();
  const navigate = useNavigate();
  const params = useMemo(() => readCatalogParams(urlParams), [urlParams]);
  const [hideDeleted, setHideDeleted] = useHideDeleted('catalog');
  const [favourites, setFavourites] = useFavouriteTypes();
  const summaryMode = showsSummary(params);
  const table = useTableUrlState('', LIST_DEFAULTS);

  const summaryQuery = summaryQueryOf(params, hideDeleted);
  const summary = useQuery({
    queryKey: catalogKeys.summary(summaryQuery),
    queryFn: ({ signal }) =>
      earlySummary.take(JSON.stringify(summaryQuery), () => fetchSummary(summaryQuery, signal)),
    enabled: summaryMode,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CONFIG_CACHE,
  });

  const listQuery = listQueryOf(params, table, hideDeleted);
  const list = useQuery({
    queryKey: catalogKeys.configs(listQuery),
    queryFn: ({ signal }) =>
      earlyConfigs.take(JSON.stringify(listQuery), () => fetchConfigs(listQuery, signal)),
    enabled: !summaryMode,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CONFIG_CACHE,
  });

  const toggleFavourite = useCallback(
    (type: string) =>
      setFavourites(favourites.includes(type) ? favourites.filter((t) => t !== type) : [...favourites, type]),
    [favourites, setFavourites],
  );
  const openSummaryRow = (row: SummaryRow) => {
    const target = summaryRowTarget(row, params.groupBy);
    set({ ...target, pageIndex: null }, { push: true });
  };

  const active = summaryMode ? summary : list;
  return (
    <Page
      crumbs={[
        { label: 'Catalog', href: '/catalog' },
        ...(params.configType ? [{ label: params.configType }] : []),
      ]}
    >
      <CatalogTabs />
      <CatalogFilterBar
        params={params}
        set={set}
        hideDeleted={hideDeleted}
        setHideDeleted={setHideDeleted}
        loadOptions={active.data !== undefined || active.isError}
      />
      {active.isError ? <ErrorView error={active.error} onRetry={() => void active.refetch()} /> : null}
      {summaryMode ? (
        <SummaryTable
          rows={summary.data ?? []}
          groupBy={params.groupBy}
          loading={summary.isFetching}
          favourites={favourites}
          onToggleFavourite={toggleFavourite}
          onOpen={openSummaryRow}
        />
      ) : (
        <ConfigList
          rows={list.data?.data ?? []}
          total={list.data?.totalEntries}
          loading={list.isFetching}
          onOpen={(r) => void navigate(`/catalog/${r.id}`)}
          tagKey={params.groupByProp || undefined}
        />
      )}
    </Page>
  );
}
