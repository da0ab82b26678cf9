import { useSearchParams } from 'react-router';
import { Page } from '../../../ui/Page.js';
import { CatalogTabs } from '../components/CatalogTabs.js';
import { ChangesView } from '../components/ChangesView.js';

/** /catalog/changes: every item's changes. */
export function ChangesPage() {
  const [params] = useSearchParams();
  const configType = params.get('configType');
  return (
    <Page
      crumbs={[
        { label: 'Catalog', href: '/catalog' },
        { label: 'Changes', href: '/catalog/changes' },
        ...(configType ? [{ label: configType }] : []),
      ]}
    >
      <CatalogTabs />
      <ChangesView />
    </Page>
  );
}
