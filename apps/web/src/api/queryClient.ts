import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage, HttpError } from './errors.js';

/** Toasts last 5 seconds. */
export const TOAST_MS = 5000;

/** How long each kind of data is cached. */
export const CACHE = {
  /** Roles and permissions: always fresh. */
  roles: { staleTime: 0 },
  /** Agents and labels: 5 minutes. */
  agentsAndLabels: { staleTime: 300_000, gcTime: 300_000 },
  /** Settings pages: not cached. */
  settings: { staleTime: 0, gcTime: 0 },
} as const;

/**
 * Queries may set meta.silent to show the server's error themselves (an error view instead
 * of a toast). Connection problems (timeout, network, offline) are toasted regardless.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function showError(error: unknown): void {
  // A 401 is not worth a toast: the browser is being sent to sign in.
  if (error instanceof HttpError && error.status === 401) return;
  const message = errorMessage(error);
  toast.error(message, { id: message, duration: TOAST_MS });
}

/** The server was not reached (status 0): timeout, network error or offline. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof HttpError && error.status === 0;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent || isConnectionError(error)) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (!mutation.meta?.silent || isConnectionError(error)) showError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: false,
        // Client errors will not get better by retrying.
        retry: (count, error) =>
          !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 1,
      },
    },
  });
}
