import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { Tabs } from '../../../ui/Tabs.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { fetchScraper } from '../api/scrapers.js';
import { RunNowButton } from '../components/RunNowButton.js';
import { ScraperJobs } from '../components/ScraperJobs.js';
import { ScraperForm } from './ScraperForm.js';
import { catalogKeys } from '../api/keys.js';

/** /settings/config_scrapers/new and /settings/config_scrapers/{id}. */
export function ScraperEditPage() {
  const { id } = useParams();
  const [params, set] = useUrlParams();
  const scraper = useQuery({
    queryKey: catalogKeys.scraper(id),
    queryFn: ({ signal }) => fetchScraper(id ?? '', signal),
    enabled: Boolean(id),
    meta: { silent: true },
    ...CACHE.settings,
  });
  const crumbs = [
    { label: 'Settings' },
    { label: 'Catalog Scrapers', href: '/catalog/scrapers' },
    { label: id ? (scraper.data?.name ?? '…') : 'New' },
  ];
  if (!id) {
    return (
      <Page crumbs={crumbs}>
        <ScraperForm />
      </Page>
    );
  }
  return (
    <Page crumbs={crumbs} actions={scraper.data ? <RunNowButton scraperId={scraper.data.id} /> : null}>
      {scraper.isError ? <ErrorView error={scraper.error} onRetry={() => void scraper.refetch()} /> : null}
      {scraper.isSuccess && !scraper.data ? (
        <p className="py-16 text-center text-muted">No resources found</p>
      ) : null}
      {scraper.data ? (
        <Tabs
          className="flex min-h-0 flex-1 flex-col"
          value={params.get('tab') === 'jobHistory' ? 'jobHistory' : 'spec'}
          onValueChange={(v) => set({ tab: v === 'spec' ? null : v })}
          tabs={[
            {
              value: 'spec',
              label: 'Spec',
              content: <ScraperForm key={scraper.data.updated_at ?? ''} row={scraper.data} />,
            },
            {
              value: 'jobHistory',
              label: 'Job History',
              content: <ScraperJobs scraperId={scraper.data.id} />,
            },
          ]}
        />
      ) : null}
    </Page>
  );
}
