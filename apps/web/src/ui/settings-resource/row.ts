import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import { z } from 'zod';

const ref = z.object({ id: z.string(), name: z.string().nullable() });

/** A row of any settings table; columns a table lacks are absent, its own extra ones kept. */
export const settingsRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    namespace: z.string().nullable().optional(),
    icon: z.string().nullable().optional(),
    labels: z.record(z.string(), z.unknown()).nullable().optional(),
    schedule: z.string().nullable().optional(),
    spec: z.unknown().optional(),
    source: z.string().nullable().optional(),
    last_runtime: z.string().nullable().optional(),
    agent: ref.nullable().optional(),
    created_by: ref.nullable().optional(),
    created_at: z.string().nullable().optional(),
    updated_at: z.string().nullable().optional(),
  })
  .loose();
export type SettingsRow = z.infer<typeof settingsRowSchema>;

/** The agent a row belongs to, unless it is the local one (no badge). */
export function remoteAgent(row: SettingsRow): { id: string; name: string | null } | undefined {
  return row.agent && row.agent.id !== LOCAL_AGENT_ID ? row.agent : undefined;
}
