import { useSearchParams } from 'react-router';
import { Page } from '../../../ui/Page.js';
import { CatalogTabs } from '../components/CatalogTabs.js';
import { InsightsView } from '../components/InsightsView.js';

/** /catalog/insights (also linked from topology cards with component, type and severity). */
export function InsightsPage() {
  const [params] = useSearchParams();
  const configType = params.get('configType');
  return (
    <Page
      crumbs={[
        { label: 'Catalog', href: '/catalog' },
        { label: 'Insights', href: '/catalog/insights' },
        ...(configType ? [{ label: configType }] : []),
      ]}
    >
      <CatalogTabs />
      <InsightsView />
    </Page>
  );
}
