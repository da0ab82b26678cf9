import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './NotFound.js';

/** Uncaught render errors: 'Sorry.. there was an error'. */
export function ErrorPanel({ error }: { error: unknown }) {
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : undefined;
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 p-10 text-center">
      <TriangleAlert className="size-10 text-health-unhealthy" aria-hidden />
      <h1 className="text-lg font-semibold">Sorry.. there was an error</h1>
      {detail ? <pre className="max-w-2xl text-xs whitespace-pre-wrap text-muted">{detail}</pre> : null}
      <button type="button" className="btn mt-2" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel error={error} />;
}
