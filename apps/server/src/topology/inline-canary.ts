import { syncCanaryChecks } from '../health/index.js';
import type { Queryable } from '../db/types.js';

/**
 * canary-checker's `checks[].inline`: a canary the topology owns. Each build creates or
 * updates it (source `topology:<id>`, named after the topology and component), links its
 * checks to the component, and afterwards retires the owned canaries the spec no longer has.
 * The health scheduler runs them like any other canary.
 */
export type CheckLink = { checkId: string; canaryId: string; selectorId: string };

const DEFAULT_SCHEDULE = '@every 5m';

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'component'
  );
}

export class InlineCanaries {
  private readonly kept = new Set<string>();
  constructor(
    private readonly db: Queryable,
    private readonly topology: {
      id: string;
      name: string;
      namespace: string;
      agentId: string;
      schedule?: string;
    },
    private readonly templateVars: Record<string, string> = {},
  ) {}

  /** Creates or updates the canary of one inline spec and returns its check links. */
  async ensure(
    key: string,
    component: string,
    index: number,
    spec: Record<string, unknown>,
  ): Promise<CheckLink[]> {
    const name = `${slug(this.topology.name)}-${slug(component)}${index ? `-${index + 1}` : ''}`;
    const source = `topology:${this.topology.id}`;
    const body = { ...spec, schedule: spec.schedule ?? this.topology.schedule ?? DEFAULT_SCHEDULE };
    const labels = { 'opsdeck/topology': this.topology.name, 'opsdeck/component-key': key.slice(0, 63) };
    const { rows: found } = await this.db.query<{ id: string; spec: unknown }>(
      `SELECT id, spec FROM canaries WHERE source = $1 AND name = $2 AND namespace = $3 AND deleted_at IS NULL`,
      [source, name, this.topology.namespace],
    );
    let id = found[0]?.id;
    if (!id) {
      const { rows } = await this.db.query<{ id: string }>(
        `INSERT INTO canaries (name, namespace, labels, spec, source, schedule, agent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          name,
          this.topology.namespace,
          JSON.stringify(labels),
          JSON.stringify(body),
          source,
          body.schedule,
          this.topology.agentId,
        ],
      );
      id = rows[0]!.id;
    } else if (JSON.stringify(found[0]!.spec) !== JSON.stringify(body)) {
      await this.db.query(
        `UPDATE canaries SET spec = $2, schedule = $3, labels = $4, next_runtime = NULL, updated_at = now() WHERE id = $1`,
        [id, JSON.stringify(body), body.schedule, JSON.stringify(labels)],
      );
    }
    this.kept.add(id);
    await syncCanaryChecks(this.db, id, this.templateVars);
    const { rows: checks } = await this.db.query<{ id: string }>(
      'SELECT id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY name',
      [id],
    );
    return checks.map((c) => ({ checkId: c.id, canaryId: id, selectorId: 'inline' }));
  }

  /** Soft-deletes the owned canaries this build did not ask for (and their checks). */
  async retireOthers(): Promise<number> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE canaries SET deleted_at = now(), updated_at = now()
       WHERE source = $1 AND deleted_at IS NULL AND NOT (id = ANY ($2::uuid[])) RETURNING id`,
      [`topology:${this.topology.id}`, [...this.kept]],
    );
    for (const r of rows) await syncCanaryChecks(this.db, r.id, this.templateVars);
    return rows.length;
  }
}
