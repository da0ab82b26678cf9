import { ShieldCheck } from 'lucide-react';

/**
 * Health checks linked to the item. The server does not expose check_summary_for_config yet,
 * so there is nothing to list: the empty state says so rather than calling a missing view.
 */
export function ChecksTab() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 py-16 text-muted">
      <ShieldCheck className="size-8" aria-hidden />
      <p>No checks are linked to this config</p>
    </div>
  );
}
