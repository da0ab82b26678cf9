import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept current. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's md breakpoint: phones, where side panels become drawers. */
export const PHONE_QUERY = '(max-width: 767.98px)';
