import { z } from 'zod';
import { parseLabelSelector, type LabelTerm } from '../selectors.js';

const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s && s !== 'all')
      : [],
  );

const yesNo = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v, c) => {
    if (v === undefined || v === '' || typeof v === 'boolean') return v === true;
    if (['true', 'yes', '1'].includes(v)) return true;
    if (['false', 'no', '0'].includes(v)) return false;
    c.addIssue({ code: 'custom', message: 'expected true or false' });
    return z.NEVER;
  });

/** The query of GET /api/canary/api/topology (docs/topology.md, Tree API). */
export const treeQuerySchema = z.object({
  id: z.uuid({ message: 'id must be a component id (UUID)' }).optional(),
  topology_id: z.uuid({ message: 'topology_id must be a topology id (UUID)' }).optional(),
  status: list,
  type: list,
  team: list,
  labels: z
    .string()
    .optional()
    .transform((v, c): LabelTerm[] => {
      const terms = parseLabelSelector(v);
      if (terms.some((t) => !t.key)) {
        c.addIssue({ code: 'custom', message: 'labels must be key=value pairs separated by commas' });
        return z.NEVER;
      }
      return terms;
    }),
  agent_id: z.uuid({ message: 'agent_id must be an agent id (UUID)' }).optional(),
  sortBy: z.string().trim().min(1).max(200).optional(),
  sortOrder: z.enum(['asc', 'desc'], { message: 'sortOrder must be asc or desc' }).optional(),
  flatten: yesNo,
  hidden: yesNo,
  depth: z.coerce
    .number({ message: 'depth must be a number' })
    .int({ message: 'depth must be a whole number' })
    .min(0, 'depth must be 0 or more')
    .max(20, 'depth must be at most 20')
    .default(3),
});
export type TreeQuery = z.infer<typeof treeQuerySchema>;
