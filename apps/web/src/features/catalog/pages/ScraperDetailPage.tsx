import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { stringify } from 'yaml';
import { CACHE } from '../../../api/queryClient.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { Tabs } from '../../../ui/Tabs.js';
import { fetchScraper } from '../api/scrapers.js';
import { RunNowButton } from '../components/RunNowButton.js';
import { ScraperJobs } from '../components/ScraperJobs.js';
import { catalogKeys } from '../api/keys.js';

/** /catalog/scrapers/{id}: the spec and the job history of one scraper. */
export function ScraperDetailPage() {
  const { id = '' } = useParams();
  const [params, set] = useUrlParams();
  const scraper = useQuery({
    queryKey: catalogKeys.scraper(id),
    queryFn: ({ signal }) => fetchScraper(id, signal),
    meta: { silent: true },
    ...CACHE.settings,
  });
  const yaml = useMemo(() => (scraper.data ? stringify(scraper.data.spec ?? {}) : ''), [scraper.data]);
  const s = scraper.data;
  return (
    <Page
      crumbs={[
        { label: 'Catalog', href: '/catalog' },
        { label: 'Scrapers', href: '/catalog/scrapers' },
        { label: s?.name ?? id },
      ]}
      actions={
        s ? (
          <>
            <Link className="btn" to={`/settings/config_scrapers/${s.id}`}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </Link>
            <RunNowButton scraperId={s.id} />
          </>
        ) : null
      }
    >
      {scraper.isError ? <ErrorView error={scraper.error} onRetry={() => void scraper.refetch()} /> : null}
      {scraper.isSuccess && !s ? <p className="py-16 text-center text-muted">No resources found</p> : null}
      {s ? (
        <Tabs
          className="flex min-h-0 flex-1 flex-col"
          value={params.get('tab') === 'jobs' ? 'jobs' : 'spec'}
          onValueChange={(v) => set({ tab: v === 'spec' ? null : v })}
          tabs={[
            {
              value: 'spec',
              label: 'Spec',
              content: <CodeEditor value={yaml} readOnly height="calc(100vh - 200px)" ariaLabel="Spec" />,
            },
            { value: 'jobs', label: 'Job History', content: <ScraperJobs scraperId={s.id} /> },
          ]}
        />
      ) : null}
    </Page>
  );
}
