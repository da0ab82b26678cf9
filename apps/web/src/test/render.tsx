import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';

export type Rendered = RenderResult & { location: () => URL; queryClient: QueryClient };

/**
 * Renders inside a memory router and a fresh query client; `location()` is the current URL.
 * `route` is the path pattern the element is mounted at, for pages that read route params.
 */
export function renderWithApp(
  ui: ReactElement,
  { url = '/', route = '*' }: { url?: string; route?: string } = {},
): Rendered {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let current = new URL(url, 'http://localhost');
  function Spy() {
    const loc = useLocation();
    current = new URL(loc.pathname + loc.search, 'http://localhost');
    return null;
  }
  const router = createMemoryRouter(
    [
      {
        path: route,
        element: (
          <>
            {ui}
            <Spy />
          </>
        ),
      },
      // Where the element navigates away from its route, only the location is tracked.
      ...(route === '*' ? [] : [{ path: '*', element: <Spy /> }]),
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, location: () => current, queryClient };
}
