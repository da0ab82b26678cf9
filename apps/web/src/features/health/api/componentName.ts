import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { healthKeys } from './keys.js';

const componentRows = z.array(z.object({ id: z.string(), name: z.string() }));

/**
 * The name of the component named by `/health?component=` (a topology card's check summary
 * links there), for the filter's badge; null when the component does not exist. The server
 * picks the component's checks (GET /api/health/dashboard `component`).
 */
export function useComponentName(componentId: string | null) {
  return useQuery({
    queryKey: healthKeys.componentName(componentId),
    enabled: componentId !== null,
    queryFn: async ({ signal }): Promise<string | null> => {
      const list = componentRows.parse(
        await rows(
          db
            .from('components')
            .select('id,name')
            .eq('id', componentId ?? '')
            .is('deleted_at', null)
            .abortSignal(signal),
        ),
      );
      return list[0]?.name ?? null;
    },
  });
}
