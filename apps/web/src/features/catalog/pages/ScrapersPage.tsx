import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { JobStatusBadge } from '../../../ui/JobStatusBadge.js';
import { Page } from '../../../ui/Page.js';
import { fetchLastRuns, fetchScrapers, type LastRun } from '../api/scrapers.js';
import type { Scraper } from '../api/schemas.js';
import { CatalogTabs } from '../components/CatalogTabs.js';
import { When, whenCell } from '../components/cells.js';
import { catalogKeys } from '../api/keys.js';

type Row = Scraper & { lastRun?: LastRun | undefined; kinds: string };

/** Scraper kinds in a spec: the keys holding a list (file, http, kubernetes…). */
export function scraperKinds(spec: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(spec ?? {})
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(([k]) => k);
}

/** A scraper table; `hrefBase` picks the catalog or the settings detail page. */
export function ScraperTable({ hrefBase }: { hrefBase: string }) {
  const navigate = useNavigate();
  const scrapers = useQuery({
    queryKey: catalogKeys.scrapers(),
    queryFn: ({ signal }) => fetchScrapers(signal),
    ...CACHE.settings,
  });
  const ids = (scrapers.data ?? []).map((s) => s.id);
  const runs = useQuery({
    queryKey: catalogKeys.lastRuns(ids),
    queryFn: ({ signal }) => fetchLastRuns(ids, signal),
    enabled: ids.length > 0,
    ...CACHE.settings,
  });
  const rows: Row[] = useMemo(
    () =>
      (scrapers.data ?? []).map((s) => ({
        ...s,
        lastRun: runs.data?.get(s.id),
        kinds: scraperKinds(s.spec).join(', '),
      })),
    [scrapers.data, runs.data],
  );
  const columns = useMemo(() => {
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('name', {
        header: 'Name',
        size: 240,
        cell: (c) => <span className="font-medium">{c.getValue()}</span>,
      }),
      col.accessor('kinds', { header: 'Kinds', size: 160 }),
      col.accessor('source', { header: 'Source', size: 100 }),
      col.accessor('schedule', { header: 'Schedule', size: 120 }),
      col.accessor('namespace', { header: 'Namespace', size: 120 }),
      col.accessor((r) => r.lastRun?.status ?? '', {
        id: 'job_status',
        header: 'Job Status',
        size: 110,
        cell: (c) => (c.getValue() ? <JobStatusBadge status={c.getValue()} /> : null),
      }),
      col.accessor((r) => r.lastRun?.created_at ?? null, {
        id: 'last_run',
        header: 'Last Run',
        size: 120,
        cell: (c) => <When value={c.getValue()} />,
      }),
      col.accessor('created_at', { header: 'Created', size: 120, cell: whenCell }),
      col.accessor('updated_at', { header: 'Updated', size: 120, cell: whenCell }),
      col.accessor((r) => r.created_by?.name ?? '', {
        id: 'created_by',
        header: 'Created By',
        size: 140,
        enableSorting: false,
      }),
    ]);
  }, []);
  return (
    <>
      {scrapers.isError ? <ErrorView error={scrapers.error} onRetry={() => void scrapers.refetch()} /> : null}
      <DataTable
        id="config-scrapers"
        urlPrefix="scrapers_"
        className="flex-1"
        columns={columns}
        data={rows}
        loading={scrapers.isFetching}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`${hrefBase}/${r.id}`)}
        emptyText="No scrapers yet"
      />
    </>
  );
}

export function AddScraperButton() {
  const canWrite = useHasPermission('config_scrapers', 'write');
  if (!canWrite) return null;
  return (
    <Link className="btn btn-primary" to="/settings/config_scrapers/new">
      <Plus className="size-4" aria-hidden />
      Add Catalog Scraper
    </Link>
  );
}

/** /catalog/scrapers */
export function ScrapersPage() {
  return (
    <Page
      crumbs={[{ label: 'Catalog', href: '/catalog' }, { label: 'Scrapers' }]}
      actions={<AddScraperButton />}
    >
      <CatalogTabs />
      <ScraperTable hrefBase="/catalog/scrapers" />
    </Page>
  );
}
