import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { healthKeys } from './keys.js';

const componentRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    check_component_relationships: z.array(z.object({ check_id: z.string() })),
  }),
);

export type ComponentChecks = { name: string; checkIds: ReadonlySet<string> };

/**
 * The component named by `/health?component=` (a topology card's check summary links there)
 * and the checks linked to it or to any component below it, as the card counts them; null
 * when the component does not exist. A component's path lists its ancestors' ids.
 */
export function useComponentChecks(componentId: string | null) {
  return useQuery({
    queryKey: healthKeys.componentChecks(componentId),
    enabled: componentId !== null,
    queryFn: async ({ signal }): Promise<ComponentChecks | null> => {
      const id = componentId ?? '';
      const list = componentRows.parse(
        await rows(
          db
            .from('components')
            .select('id,name,check_component_relationships(check_id)')
            .or(`id.eq.${id},path.like.*${id}*`)
            .is('deleted_at', null)
            .is('check_component_relationships.deleted_at', null)
            .abortSignal(signal),
        ),
      );
      const self = list.find((c) => c.id === id);
      if (!self) return null;
      const checkIds = new Set(list.flatMap((c) => c.check_component_relationships.map((r) => r.check_id)));
      return { name: self.name, checkIds };
    },
  });
}
