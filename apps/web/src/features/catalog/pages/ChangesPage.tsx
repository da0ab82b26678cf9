import { CatalogTabPage } from '../components/CatalogTabPage.js';
import { ChangesView } from '../components/ChangesView.js';

/** /catalog/changes: every item's changes. */
export function ChangesPage() {
  return (
    <CatalogTabPage label="Changes" href="/catalog/changes">
      <ChangesView />
    </CatalogTabPage>
  );
}
