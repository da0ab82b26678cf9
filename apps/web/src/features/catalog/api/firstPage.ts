import { earlyRequest } from '../../../lib/earlyRequest.js';
import { readTableUrlState } from '../../../ui/DataTable/tableUrlState.js';
import { readCatalogParams, showsSummary } from '../lib/catalogParams.js';
import { LIST_DEFAULTS, listQueryOf, summaryQueryOf } from '../lib/pageQueries.js';
import { readHideDeleted } from '../components/usePrefs.js';
import { fetchConfigs, fetchSummary } from './catalog.js';

/** The /catalog page's first request, started by its route (routes.tsx) and taken by the page. */
export const earlySummary = earlyRequest<Awaited<ReturnType<typeof fetchSummary>>>();
export const earlyConfigs = earlyRequest<Awaited<ReturnType<typeof fetchConfigs>>>();

/**
 * Starts the request the catalog page opened at `search` (the address's query) will make —
 * the summary, or the list once a type or a search narrows it — read from the URL and the
 * stored preference exactly as the page reads them.
 */
export function prefetchCatalogPage(search: string): void {
  const url = new URLSearchParams(search);
  const params = readCatalogParams(url);
  const hideDeleted = readHideDeleted('catalog');
  if (showsSummary(params)) {
    const q = summaryQueryOf(params, hideDeleted);
    earlySummary.start(JSON.stringify(q), fetchSummary(q));
  } else {
    const q = listQueryOf(params, readTableUrlState(url, '', LIST_DEFAULTS), hideDeleted);
    earlyConfigs.start(JSON.stringify(q), fetchConfigs(q));
  }
}
