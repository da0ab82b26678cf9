import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient, TOAST_MS } from '../api/queryClient.js';
import { authCheckerUrl, setUnauthorizedHandler } from '../api/session.js';
import { ResourceActionsProvider } from '../platform/resourceActions.js';
import { resourceActions } from './registry.js';
import { createAppRouter } from './router.js';
import { useApplyTheme } from './theme.js';

/** Toasts start below the top bar (h-12, 48px) so they never cover its buttons. */
export const TOASTER_OFFSET = { top: 56, right: 16 };

/** Providers and the router; installs the 401 handler. */
export function App() {
  const dark = useApplyTheme();
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const r = createAppRouter();
    setUnauthorizedHandler((returnTo) => void r.navigate(authCheckerUrl(returnTo), { replace: true }));
    return r;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={300}>
        <ResourceActionsProvider actions={resourceActions}>
          <RouterProvider router={router} />
        </ResourceActionsProvider>
        <Toaster
          position="top-right"
          offset={TOASTER_OFFSET}
          mobileOffset={TOASTER_OFFSET}
          duration={TOAST_MS}
          richColors
          closeButton
          theme={dark ? 'dark' : 'light'}
          // An open modal turns pointer events off outside itself; a toast's action stays clickable.
          style={{ pointerEvents: 'auto' }}
        />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
