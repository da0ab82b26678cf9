import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Play } from 'lucide-react';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { runScraperNow } from '../api/catalog.js';

/** Runs a scraper now (POST /api/config/run/{id}) and reports what it found. */
export function RunNowButton({ scraperId }: { scraperId: string }) {
  const qc = useQueryClient();
  const canRun = useHasPermission('config_scrapers', 'write');
  const run = useMutation({
    mutationFn: () => runScraperNow(scraperId),
    onSuccess: (r) => {
      const errors = r.errors ?? [];
      const text = `Scraped ${r.configs_scraped ?? 0} configs, ${r.changes ?? 0} changes`;
      if (errors.length)
        toast.warning(`${text}; ${errors.length} error(s): ${errors[0] ?? ''}`, { duration: TOAST_MS });
      else toast.success(text, { duration: TOAST_MS });
      // A scrape changes what every area shows (configs, changes, job history): all of it is stale.
      void qc.invalidateQueries();
    },
  });
  if (!canRun) return null;
  return (
    <button type="button" className="btn btn-primary" disabled={run.isPending} onClick={() => run.mutate()}>
      {run.isPending ? (
        <Loader2 className="size-4 animate-spin" aria-hidden />
      ) : (
        <Play className="size-4" aria-hidden />
      )}
      Run now
    </button>
  );
}
