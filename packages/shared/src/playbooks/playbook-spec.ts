import { z } from 'zod';
import { envVarSchema } from '../health/canary-spec.js';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { labelSelectorSchema } from '../selectors.js';
import { isDuration, parseDuration } from '../time/duration.js';
import { isValidSchedule } from '../time/schedule.js';

/**
 * The spec of a playbook, with Mission Control's field names (CRD `Playbook`) so playbooks
 * written for it import unchanged: which resources it is offered for, its parameters, the
 * actions it runs in order, who approves a run and what triggers one. Opsdeck runs the exec,
 * http, sql and notification actions; the other kinds are accepted here and fail the run with
 * 'action kind X is not supported' (see UNSUPPORTED_ACTION_KINDS).
 */

/** The run timeout when the spec sets none. */
export const DEFAULT_PLAYBOOK_TIMEOUT = '30m';

/** Selects configs, checks or components (name with `*`, namespace, types, statuses, labels, tags). */
export const playbookResourceSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    types: z.array(z.string().min(1)).optional(),
    statuses: z.array(z.string().min(1)).optional(),
    health: z.string().optional(),
    agent: z.string().optional(),
    labelSelector: labelSelectorSchema.optional(),
    tagSelector: labelSelectorSchema.optional(),
    fieldSelector: z.string().optional(),
    search: z.string().optional(),
    limit: z.number().int().optional(),
    includeDeleted: z.boolean().optional(),
    scope: z.string().optional(),
    cache: z.string().optional(),
  })
  .strict();
export type PlaybookResourceSelector = z.infer<typeof playbookResourceSelectorSchema>;

/** A Go-style duration ("30s", "5m", "1h30m", "2d"). */
const durationText = z.string().refine((s) => isDuration(s.trim()), {
  message: 'must be a duration such as 30s, 5m, 1h or 2d',
});

export const PARAMETER_TYPES = [
  'check',
  'checkbox',
  'code',
  'component',
  'config',
  'configs',
  'duration',
  'list',
  'people',
  'team',
  'text',
  'bytes',
  'millicores',
  'secret',
] as const;
export type PlaybookParameterType = (typeof PARAMETER_TYPES)[number];

/**
 * What a run's parameters say in place of a `secret` parameter's value (its clear value is
 * sealed apart and reaches only the run's actions), as Mission Control shows it.
 */
export const REDACTED_PARAMETER = '[REDACTED]';

export const playbookParameterSchema = z
  .object({
    name: z.string().trim().min(1, 'a parameter needs a name'),
    /** A Go template rendered against the run context. */
    default: z.string().optional(),
    label: z.string().optional(),
    required: z.boolean().optional(),
    icon: z.string().optional(),
    description: z.string().optional(),
    type: z.enum(PARAMETER_TYPES).optional(),
    /** Free per type (filter, language, role, multiline, options, min, max, size, regex, …); templated. */
    properties: z.record(z.string(), z.unknown()).optional(),
    dependsOn: z.array(z.string()).optional(),
  })
  .strict();
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

const eventTriggerSchema = z
  .object({
    event: z.string().min(1),
    /** CEL over the resource; must evaluate to a boolean. */
    filter: z.string().optional(),
    /** key → comma-separated patterns the resource's label (or a config's tag) must match. */
    labels: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export const CANARY_TRIGGER_EVENTS = ['passed', 'failed'] as const;
export const CONFIG_TRIGGER_EVENTS = [
  'created',
  'updated',
  'changed',
  'deleted',
  'healthy',
  'unhealthy',
  'warning',
  'degraded',
  'unknown',
] as const;
/** A component's status becoming one of these (`error` too: a status topology specs and agents set). */
export const COMPONENT_TRIGGER_EVENTS = ['healthy', 'unhealthy', 'warning', 'unknown', 'error'] as const;

function triggerList(events: readonly string[]) {
  return z.array(
    eventTriggerSchema.refine((t) => events.includes(t.event), {
      message: `event must be one of ${events.join(', ')}`,
      path: ['event'],
    }),
  );
}

const webhookAuthSchema = z
  .object({
    basic: z.object({ username: envVarSchema, password: envVarSchema }).loose().optional(),
    github: z.object({ token: envVarSchema }).loose().optional(),
    svix: z.object({ secret: envVarSchema, verifyTimestamp: z.string().optional() }).loose().optional(),
    jwt: z.object({ jwksUri: z.string() }).loose().optional(),
  })
  .loose();

/** A schedule in cron form; `CRON_TZ=Zone ` in front picks the time zone (UTC otherwise). */
const cronText = z.string().refine((s) => isValidSchedule(stripCronZone(s)), {
  message: 'must be a cron expression (5 fields), @every <duration> or a nickname such as @hourly',
});

/** The cron expression without a leading `CRON_TZ=…` / `TZ=…` zone. */
export function stripCronZone(schedule: string): string {
  return schedule.trim().replace(/^(CRON_TZ|TZ)=\S+\s+/, '');
}

/** The zone of `CRON_TZ=Zone …`, or undefined for UTC. */
export function cronZone(schedule: string): string | undefined {
  return /^(?:CRON_TZ|TZ)=(\S+)\s+/.exec(schedule.trim())?.[1];
}

export const playbookTriggersSchema = z
  .object({
    canary: triggerList(CANARY_TRIGGER_EVENTS).optional(),
    config: triggerList(CONFIG_TRIGGER_EVENTS).optional(),
    component: triggerList(COMPONENT_TRIGGER_EVENTS).optional(),
    webhook: z
      .object({
        path: z
          .string()
          .trim()
          .min(1, 'a webhook needs a path')
          .regex(
            /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/,
            'a webhook path is letters, digits, - _ . ~ and /',
          ),
        authentication: webhookAuthSchema.optional(),
      })
      .strict()
      .optional(),
    schedule: z
      .array(
        z.object({ schedule: cronText, parameters: z.record(z.string(), z.string()).optional() }).strict(),
      )
      .optional(),
  })
  .strict();
export type PlaybookTriggers = z.infer<typeof playbookTriggersSchema>;

const retrySchema = z
  .object({
    limit: z.number().int().min(0),
    duration: durationText.optional(),
    jitter: z.number().min(0).max(100).optional(),
    exponent: z
      .object({ multiplier: z.number().min(0) })
      .strict()
      .optional(),
  })
  .strict();

const connectionFields = {
  connection: z.string().optional(),
  url: z.string().optional(),
  username: z.unknown().optional(),
  password: z.unknown().optional(),
};

export const execActionSchema = z
  .object({
    script: z.string().min(1, 'an exec action needs a script'),
    connections: z.record(z.string(), z.unknown()).optional(),
    artifacts: z.array(z.object({ path: z.string() }).loose()).optional(),
    env: z.array(envVarSchema).optional(),
    checkout: z.record(z.string(), z.unknown()).optional(),
    setup: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const httpActionSchema = z
  .object({
    ...connectionFields,
    bearer: z.unknown().optional(),
    oauth: z.unknown().optional(),
    tls: z.unknown().optional(),
    awsSigV4: z.unknown().optional(),
    ntlm: z.boolean().optional(),
    ntlmv2: z.boolean().optional(),
    digest: z.boolean().optional(),
    headers: z.array(envVarSchema).optional(),
    method: z.string().optional(),
    body: z.string().optional(),
    templateBody: z.boolean().optional(),
  })
  .strict();

export const sqlActionSchema = z
  .object({
    ...connectionFields,
    query: z.string().min(1, 'a sql action needs a query'),
    driver: z.string().optional(),
  })
  .strict();

export const notificationActionSchema = z
  .object({
    connection: z.string().optional(),
    url: z.string().optional(),
    title: z.string().optional(),
    message: z.string().optional(),
    properties: z.record(z.string(), z.string()).optional(),
    attachments: z
      .array(
        z.object({ filename: z.string(), content: z.string(), contentType: z.string().optional() }).loose(),
      )
      .optional(),
  })
  .strict();

/** The action kinds Opsdeck runs. */
export const SUPPORTED_ACTION_KINDS = ['exec', 'http', 'sql', 'notification'] as const;
export type SupportedActionKind = (typeof SUPPORTED_ACTION_KINDS)[number];

/** Kinds of Mission Control's that a spec may name; a run reaching one fails with 'action kind X is not supported'. */
export const UNSUPPORTED_ACTION_KINDS = [
  'ai',
  'pod',
  'logs',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'prometheus',
  'report',
  'catalog',
] as const;

/** Every body an action may have, in Mission Control's order. */
export const ACTION_KINDS = [
  'exec',
  'http',
  'sql',
  'ai',
  'pod',
  'logs',
  'notification',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'prometheus',
  'report',
  'catalog',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export const CONTENT_TYPES = [
  'text/plain',
  'text/markdown',
  'text/x-shellscript',
  'application/json',
  'application/yaml',
  'application/log+json',
  'application/sql',
] as const;

const unsupportedBody = z.record(z.string(), z.unknown());

export const playbookActionSchema = z
  .object({
    name: z
      .string()
      .min(1, 'an action needs a name')
      .refine((s) => s === s.trim(), { message: 'an action name may not start or end with spaces' }),
    /** A duration, or CEL giving one (e.g. `params.delay`). */
    delay: z.string().optional(),
    retry: retrySchema.optional(),
    timeout: durationText.optional(),
    /** CEL, or always() / success() / failure() / timeout() / skip(). Mission Control's docs call it `filter`. */
    if: z.string().optional(),
    filter: z.string().optional(),
    runsOn: z.array(z.string()).optional(),
    templatesOn: z.enum(['host', 'agent']).optional(),
    contentType: z.enum(CONTENT_TYPES).optional(),
    exec: execActionSchema.optional(),
    http: httpActionSchema.optional(),
    sql: sqlActionSchema.optional(),
    notification: notificationActionSchema.optional(),
    ai: unsupportedBody.optional(),
    pod: unsupportedBody.optional(),
    logs: unsupportedBody.optional(),
    gitops: unsupportedBody.optional(),
    github: unsupportedBody.optional(),
    azureDevopsPipeline: unsupportedBody.optional(),
    prometheus: unsupportedBody.optional(),
    report: unsupportedBody.optional(),
    catalog: unsupportedBody.optional(),
  })
  .strict();
export type PlaybookAction = z.infer<typeof playbookActionSchema>;

/** The kinds of body an action has, in Mission Control's order. */
export function actionKinds(action: PlaybookAction): ActionKind[] {
  return ACTION_KINDS.filter((k) => action[k] !== undefined);
}

/**
 * The body an action runs: its one body, or — since a notification may accompany another
 * action in Mission Control — the other one when a notification is paired with it.
 */
export function actionKind(action: PlaybookAction): ActionKind | undefined {
  const kinds = actionKinds(action);
  if (kinds.length === 2 && kinds.includes('notification')) return kinds.find((k) => k !== 'notification');
  return kinds[0];
}

const approvalSchema = z
  .object({
    type: z.enum(['any', 'all']).optional(),
    approvers: z
      .object({
        people: z.array(z.string().min(1)).optional(),
        teams: z.array(z.string().min(1)).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const playbookSpecObjectSchema = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    category: z.string().optional(),
    icon: z.string().optional(),
    timeout: durationText.optional(),
    on: playbookTriggersSchema.optional(),
    runsOn: z.array(z.string()).optional(),
    templatesOn: z.enum(['host', 'agent']).optional(),
    env: z.array(envVarSchema).optional(),
    permissions: z.array(z.record(z.string(), z.unknown())).optional(),
    configs: z.array(playbookResourceSelectorSchema).optional(),
    checks: z.array(playbookResourceSelectorSchema).optional(),
    components: z.array(playbookResourceSelectorSchema).optional(),
    parameters: z.array(playbookParameterSchema).optional(),
    actions: z.array(playbookActionSchema).min(1, 'a playbook needs at least one action'),
    filters: z.array(z.string()).optional(),
    approval: approvalSchema.optional(),
    jsonSchema: z.string().optional(),
    ui: z.record(z.string(), z.unknown()).optional(),
    mcp: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** The rules zod's shapes cannot say, with Mission Control's messages where it has one. */
export const playbookSpecSchema = playbookSpecObjectSchema.superRefine((spec, ctx) => {
  const seen = new Set<string>();
  spec.actions.forEach((action, i) => {
    const name = action.name.trim();
    if (seen.has(name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['actions', i, 'name'],
        message: `all actions should have unique names. ${name} is repeated`,
      });
    }
    seen.add(name);
    const kinds = actionKinds(action);
    if (kinds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['actions', i], message: `action ${name} is empty` });
    } else if (kinds.length > 1 && !(kinds.length === 2 && kinds.includes('notification'))) {
      ctx.addIssue({
        code: 'custom',
        path: ['actions', i],
        message: `action ${name} has multiple actions configured`,
      });
    }
  });
  const params = new Set<string>();
  spec.parameters?.forEach((p, i) => {
    if (params.has(p.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['parameters', i, 'name'],
        message: `parameter ${p.name} is repeated`,
      });
    }
    params.add(p.name);
    if (p.type === 'duration') checkDurationParameter(p, i, ctx);
  });
  const approvers = spec.approval?.approvers;
  if (
    spec.on?.schedule?.length &&
    ((approvers?.people?.length ?? 0) > 0 || (approvers?.teams?.length ?? 0) > 0)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['approval'],
      message: 'scheduled playbooks cannot require approval',
    });
  }
});
export type PlaybookSpec = z.infer<typeof playbookSpecObjectSchema>;

function checkDurationParameter(p: PlaybookParameter, i: number, ctx: z.RefinementCtx): void {
  const props = p.properties ?? {};
  const read = (key: string, value: unknown): number | undefined => {
    if (value === undefined || value === '') return undefined;
    const ms = typeof value === 'string' ? parseDuration(value.trim()) : undefined;
    if (ms === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['parameters', i, key],
        message: `${key} of parameter ${p.name} is not a duration: ${String(value)}`,
      });
    }
    return ms;
  };
  const min = read('min', props.min);
  const max = read('max', props.max);
  if (min !== undefined && max !== undefined && min > max) {
    ctx.addIssue({
      code: 'custom',
      path: ['parameters', i, 'properties'],
      message: `min of parameter ${p.name} is greater than its max`,
    });
  }
  const within = (key: string, ms: number | undefined) => {
    if (ms === undefined) return;
    if ((min !== undefined && ms < min) || (max !== undefined && ms > max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['parameters', i, key],
        message: `${key} of parameter ${p.name} is outside its min and max`,
      });
    }
  };
  // A default with a template is rendered at run time and checked then.
  if (p.default !== undefined && !p.default.includes('{{') && !p.default.includes('$(')) {
    within('default', read('default', p.default));
  }
  const options = Array.isArray(props.options) ? props.options : [];
  for (const option of options) if (typeof option === 'string') within('options', read('options', option));
}

/** The whole Kubernetes-style document (apiVersion, kind, metadata, spec). */
export const playbookResourceSchema = resourceDocumentSchema('Playbook', playbookSpecSchema).strict();

/** The JSON Schema of a playbook's spec, for /api/schemas/playbook-spec.schema.json. */
export function playbookSpecJsonSchema(): Record<string, unknown> {
  return specJsonSchema(playbookSpecObjectSchema);
}
