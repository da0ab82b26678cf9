import { z } from 'zod';

const json = z.record(z.string(), z.unknown());

/** A row of `playbooks` (the spec is masked for readers who may not write playbooks). */
export const playbookRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  spec: json.nullable().optional(),
});
export type PlaybookRow = z.infer<typeof playbookRowSchema>;

/** A playbook as /api/playbook/list offers it for a resource. */
export const runnablePlaybookSchema = playbookRowSchema.extend({
  parameters: z.array(json).nullable().optional(),
});
export type RunnablePlaybook = z.infer<typeof runnablePlaybookSchema>;

const named = z.object({ id: z.string(), name: z.string().nullable().optional() });
const embeddedPlaybook = named.extend({
  title: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
});

/** A run as the list and the detail page read it, with its embeds. */
export const runRowSchema = z.object({
  id: z.string(),
  playbook_id: z.string(),
  status: z.string(),
  created_at: z.string(),
  start_time: z.string().nullable().optional(),
  end_time: z.string().nullable().optional(),
  scheduled_time: z.string().nullable().optional(),
  trigger: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  check_id: z.string().nullable().optional(),
  config_id: z.string().nullable().optional(),
  component_id: z.string().nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  spec: json.nullable().optional(),
  playbooks: embeddedPlaybook.extend({ spec: json.nullable().optional() }).nullable().optional(),
  component: named.extend({ icon: z.string().nullable().optional() }).nullable().optional(),
  check: named.extend({ icon: z.string().nullable().optional() }).nullable().optional(),
  config: named
    .extend({ type: z.string().nullable().optional(), config_class: z.string().nullable().optional() })
    .nullable()
    .optional(),
  created_by: named.extend({ avatar: z.string().nullable().optional() }).nullable().optional(),
  playbook_approvals: z.array(json).nullable().optional(),
});
export type RunRow = z.infer<typeof runRowSchema>;

/** One step of a run, from get_playbook_run_actions. */
export const runActionSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  retry_count: z.number().nullable().optional(),
  start_time: z.string().nullable().optional(),
  end_time: z.string().nullable().optional(),
  scheduled_time: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  /** The agent the step ran on; null when it ran on this console. */
  agent: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type RunAction = z.infer<typeof runActionSchema>;

/** One step with its output. */
export const runActionDetailSchema = runActionSchema.extend({
  result: z.unknown().optional(),
  playbook_run_id: z.string().optional(),
});
export type RunActionDetail = z.infer<typeof runActionDetailSchema>;

/** A parameter as POST /api/playbook/{id}/params renders it for one resource. */
export const runParamSchema = z.object({
  name: z.string(),
  label: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  required: z.boolean().nullable().optional(),
  default: z.unknown().optional(),
  description: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type RunParam = z.infer<typeof runParamSchema>;

/** The resource a run is about. */
export type RunTarget = { kind: 'config' | 'check' | 'component'; id: string; name: string };
