import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';

/** How often the screen asks again whether the instance is ready. */
const RETRY_MS = 10_000;

/**
 * The hosted mode's answer to a whoami failing with a 5xx or 404: this console is still being
 * set up. It asks again by itself and gives way once whoami answers.
 */
export function ProvisioningScreen({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    const timer = setInterval(onRetry, RETRY_MS);
    return () => clearInterval(timer);
  }, [onRetry]);
  return (
    <div role="status" className="flex h-full flex-col items-center justify-center gap-3 p-10 text-center">
      <LoaderCircle className="size-10 animate-spin text-brand-600" aria-hidden />
      <h1 className="text-lg font-semibold">Instance provisioning in-progress</h1>
    </div>
  );
}

/** Whether a whoami failure means "still provisioning" in the hosted mode: a 5xx or a 404. */
export function isProvisioningStatus(status: number): boolean {
  return status >= 500 || status === 404;
}
