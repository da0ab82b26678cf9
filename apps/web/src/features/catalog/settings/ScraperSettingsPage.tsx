import { Page } from '../../../ui/Page.js';
import { AddScraperButton, ScraperTable } from '../pages/ScrapersPage.js';

/** /settings/config_scrapers: the scraper resources, each opening its edit page. */
export function ScraperSettingsPage() {
  return (
    <Page crumbs={[{ label: 'Settings' }, { label: 'Catalog Scrapers' }]} actions={<AddScraperButton />}>
      <ScraperTable hrefBase="/settings/config_scrapers" />
    </Page>
  );
}
