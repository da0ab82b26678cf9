import { CircleAlert } from 'lucide-react';
import { errorMessage } from '../api/errors.js';

/** The generic error box: the message, or 'Something went wrong'; `title` (when given) above it. */
export function ErrorView({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const message =
    error === undefined || error === null
      ? 'Something went wrong'
      : errorMessage(error) || 'Something went wrong';
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-300/60 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <p className={title ? 'text-xs' : undefined}>{message}</p>
      </div>
      {onRetry ? (
        <button type="button" className="btn h-7" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
