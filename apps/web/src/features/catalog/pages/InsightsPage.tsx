import { CatalogTabPage } from '../components/CatalogTabPage.js';
import { InsightsView } from '../components/InsightsView.js';

/** /catalog/insights (also linked from topology cards with component, type and severity). */
export function InsightsPage() {
  return (
    <CatalogTabPage label="Insights" href="/catalog/insights">
      <InsightsView />
    </CatalogTabPage>
  );
}
