import { z } from 'zod';

/**
 * What `GET /api/upstream/playbook-action` answers (Mission Control's shape): the run, the
 * action's spec (its body rendered on the upstream unless `templatesOn: agent`), the attempt
 * row and the template environment. `action.timeout_ms` is how long the agent has left.
 */
export const agentActionPayloadSchema = z.object({
  run: z.looseObject({ id: z.guid(), playbook_id: z.guid() }),
  action_spec: z.looseObject({ name: z.string() }),
  action: z.looseObject({
    id: z.guid(),
    name: z.string(),
    retry_count: z.number().int(),
    timeout_ms: z.coerce.number().positive(),
  }),
  template_env: z.looseObject({ env: z.record(z.string(), z.string()).default({}) }),
  templates_on: z.enum(['host', 'agent']),
});
export type AgentActionPayload = z.infer<typeof agentActionPayloadSchema>;

/** One attempt's outcome as an agent pushes it back (`playbook_actions` of a push). */
export const agentActionResultSchema = z.object({
  id: z.guid({ message: 'must be a playbook action id (UUID)' }),
  status: z.enum(['completed', 'failed', 'skipped']),
  result: z.unknown().optional(),
  error: z.string().nullish(),
  start_time: z.iso.datetime({ offset: true }).nullish(),
  end_time: z.iso.datetime({ offset: true }).nullish(),
});
export type AgentActionResult = z.infer<typeof agentActionResultSchema>;
