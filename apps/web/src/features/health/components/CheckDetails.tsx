import { useCheckSummary } from '../api/summary.js';
import { serverWindow } from '../lib/timeRange.js';
import { CheckPanel } from './CheckPanel.js';

/** The check panel opened from another page: the check's summary row is fetched here. */
export function CheckDetails({ checkId, onClose }: { checkId: string; onClose: () => void }) {
  const summary = useCheckSummary(checkId, serverWindow('1h'));
  return <CheckPanel checkId={checkId} check={summary.data ?? undefined} onClose={onClose} />;
}
