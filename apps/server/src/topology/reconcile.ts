import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { recordJob } from '../jobs/history.js';
import { listKubernetesObjects } from '../catalog/index.js';
import { executeCheck, executeOptions, resolveSpecValues, templateVars } from '../health/index.js';
import { outboundPolicy } from '../net/outbound.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { kubernetesLookup } from './lookup-kubernetes.js';
import { selectConfigs } from '../selectors.js';
import { Builder, type BuildServices } from './build.js';
import { InlineCanaries } from './inline-canary.js';
import { persistTopology } from './persist.js';
import { refreshStatuses } from './rollup.js';
import { parseTopologySpec } from './spec.js';

export const TOPOLOGY_JOB_NAME = 'TopologyRun';

export class TopologyNotFound extends Error {
  constructor(id: string) {
    super(`Topology ${id} not found`);
  }
}
export class TopologyBusy extends Error {
  constructor() {
    super('This topology is being reconciled right now; try again in a moment');
  }
}

export type ReconcileResult = {
  created: number;
  updated: number;
  deleted: number;
  components: number;
  warnings: string[];
};

type TopologyRow = {
  id: string;
  name: string;
  namespace: string;
  schedule: string | null;
  labels: Record<string, string> | null;
  spec: unknown;
  agent_id: string;
  deleted_at: Date | null;
};

/** Soft-deletes every component of a deleted topology and the links reconciliation made. */
async function retire(tx: Queryable, topologyId: string): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE components SET deleted_at = now(), updated_at = now()
     WHERE topology_id = $1 AND deleted_at IS NULL RETURNING id`,
    [topologyId],
  );
  await tx.query(
    `UPDATE check_component_relationships r SET deleted_at = now() FROM components c
     WHERE c.id = r.component_id AND c.topology_id = $1 AND r.deleted_at IS NULL AND r.selector_id <> 'manual'`,
    [topologyId],
  );
  await tx.query(
    `UPDATE config_component_relationships r SET deleted_at = now() FROM components c
     WHERE c.id = r.component_id AND c.topology_id = $1 AND r.deleted_at IS NULL AND r.selector_id <> 'manual'`,
    [topologyId],
  );
  return rows.length;
}

/**
 * Builds one topology in a transaction that holds its row (FOR UPDATE SKIP LOCKED: a
 * replica already building it makes this call fail with TopologyBusy rather than run it
 * twice), and records the run in job_history.
 */
type ReconcileContext = Pick<ServerContext, 'db' | 'metrics' | 'config' | 'log'>;

/** Lookups run the health area's check runners (outbound policy, sandbox) without storing results. */
function services(ctx: ReconcileContext, tx: Queryable, t: TopologyRow): BuildServices {
  const opts = executeOptions(ctx);
  return {
    lookups: {
      async runCheck(type, spec) {
        const r = await executeCheck(type, spec, opts);
        return { pass: r.pass, error: r.error, vars: { ...r.details, duration: r.durationMs } };
      },
      configs: (s) => selectConfigs(tx, s),
      // A kubeconfig from valueFrom is read as checks read theirs (the server's cluster, connections).
      kubernetes: async (entry) =>
        kubernetesLookup(
          (await resolveSpecValues(entry, opts, t.namespace)) as Record<string, unknown>,
          (spec, signal) =>
            listKubernetesObjects(spec, outboundPolicy(ctx.config.outbound), fileAccess(ctx.config), signal),
        ),
    },
    inline: new InlineCanaries(
      tx,
      {
        id: t.id,
        name: t.name,
        namespace: t.namespace,
        agentId: t.agent_id,
        schedule: t.schedule ?? undefined,
      },
      templateVars(ctx),
    ),
  };
}

export async function reconcileTopology(ctx: ReconcileContext, id: string): Promise<ReconcileResult> {
  const { rows: found } = await ctx.db.query<{ agent_id: string }>(
    'SELECT agent_id FROM topologies WHERE id = $1',
    [id],
  );
  if (!found[0]) throw new TopologyNotFound(id);
  const outcome = await recordJob(
    ctx,
    { name: TOPOLOGY_JOB_NAME, resourceId: id, resourceType: 'topology', agentId: found[0].agent_id },
    async () => {
      const result = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<TopologyRow>(
          'SELECT id, name, namespace, schedule, labels, spec, agent_id, deleted_at FROM topologies WHERE id = $1 FOR UPDATE SKIP LOCKED',
          [id],
        );
        const t = rows[0];
        if (!t) throw new TopologyBusy();
        const built = services(ctx, tx, t);
        if (t.deleted_at) {
          await built.inline?.retireOthers();
          const deleted = await retire(tx, id);
          return { created: 0, updated: 0, deleted, components: 0, warnings: [] };
        }
        const { spec } = parseTopologySpec(t.spec);
        const builder = new Builder(tx, t.agent_id, built);
        const root = await builder.build(spec, t.name, t.labels ?? {});
        await built.inline?.retireOthers();
        const persisted = await persistTopology(tx, id, root);
        await refreshStatuses(tx, id);
        await tx.query('UPDATE topologies SET last_runtime = now() WHERE id = $1', [id]);
        let components = 0;
        const count = (n: typeof root): void => {
          components++;
          n.children.forEach(count);
        };
        count(root);
        return { ...persisted, components, warnings: [...builder.warnings, ...persisted.warnings] };
      });
      return {
        success: result.components,
        errors: result.warnings.length,
        details: { ...result },
        result,
      };
    },
  );
  return outcome.result;
}
