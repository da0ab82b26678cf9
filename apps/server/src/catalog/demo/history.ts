import type { Queryable } from '../../db/types.js';
import { prng } from '../../lib/prng.js';

/** How far back the demo's catalog history reaches, like its check history (health/demo-history.ts). */
const HISTORY_DAYS = 7;
const DAY_MS = 86_400_000;

type Item = { id: string; type: string; name: string; config: unknown };

/** One change of the demo's past: which item, when (ms before now) and what. */
type PastChange = {
  configId: string;
  agoMs: number;
  changeType: string;
  severity: 'info' | 'low' | 'medium' | 'high';
  source: string;
  summary: string;
  details?: Record<string, unknown>;
};

function containerImage(config: unknown): string | undefined {
  const c = config as { spec?: { template?: { spec?: { containers?: { image?: unknown }[] } } } } | null;
  const image = c?.spec?.template?.spec?.containers?.[0]?.image;
  return typeof image === 'string' ? image : undefined;
}

/** The release before `tag` (2.14.1 → 2.14.0 → 2.13.3 …), `step` releases back. */
function earlierTag(tag: string, step: number): string {
  const parts = tag.split('.').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n))) return `${tag}-rc${step}`;
  let [major = 0, minor = 0, patch = 0] = parts;
  for (let i = 0; i < step; i++) {
    if (patch > 0) patch--;
    else if (minor > 0) [minor, patch] = [minor - 1, 3];
    else [major, minor, patch] = [Math.max(0, major - 1), 9, 3];
  }
  return `${major}.${minor}.${patch}`;
}

/** A deployment's week: a release every day or two (the image diff), and some scaling. */
function deploymentChanges(d: Item, random: () => number): PastChange[] {
  const out: PastChange[] = [];
  const image = containerImage(d.config);
  const [repo, tag] = image
    ? [image.slice(0, image.lastIndexOf(':')), image.slice(image.lastIndexOf(':') + 1)]
    : [];
  let releases = 0;
  for (let day = HISTORY_DAYS - 1; day >= 0; day--) {
    if (!repo || !tag || tag === 'latest' || random() < 0.4) continue;
    releases++;
    const agoMs = day * DAY_MS + Math.floor((8 + random() * 9) * 3_600_000);
    const from = `${repo}:${earlierTag(tag, releases + 1)}`;
    const to = `${repo}:${earlierTag(tag, releases)}`;
    out.push({
      configId: d.id,
      agoMs,
      changeType: 'diff',
      severity: 'info',
      source: 'kubernetes',
      summary: `spec.template.spec.containers[0].image: ${from} → ${to}`,
      details: { path: 'spec.template.spec.containers[0].image', from, to },
    });
    out.push({
      configId: d.id,
      agoMs: agoMs - 60_000,
      changeType: 'ScalingReplicaSet',
      severity: 'info',
      source: 'kubernetes/event',
      summary: `Scaled up replica set ${d.name} to its new revision`,
    });
  }
  const peak = 2 + Math.floor(random() * 3);
  for (const [day, hour, replicas, why] of [
    [5, 9, 3 + peak, 'up'],
    [5, 19, 3, 'down'],
    [1, 10, 3 + peak, 'up'],
  ] as const) {
    out.push({
      configId: d.id,
      agoMs: day * DAY_MS + hour * 3_600_000,
      changeType: 'ScalingReplicaSet',
      severity: 'info',
      source: 'kubernetes/event',
      summary: `Scaled ${why} replica set ${d.name} to ${replicas} (HorizontalPodAutoscaler)`,
    });
  }
  return out;
}

/** A pod's week: restarts with back-off now and then, and image pulls. */
function podChanges(p: Item, random: () => number): PastChange[] {
  const out: PastChange[] = [];
  if (random() < 0.35) {
    const agoMs = Math.floor(random() * HISTORY_DAYS * DAY_MS);
    out.push(
      {
        configId: p.id,
        agoMs,
        changeType: 'BackOff',
        severity: 'medium',
        source: 'kubernetes/event',
        summary: `Back-off restarting failed container ${p.name.split('-')[0] ?? p.name}`,
      },
      {
        configId: p.id,
        agoMs: agoMs - 90_000,
        changeType: 'Started',
        severity: 'info',
        source: 'kubernetes/event',
        summary: 'Started container after restart',
      },
    );
  }
  out.push({
    configId: p.id,
    agoMs: Math.floor(random() * DAY_MS),
    changeType: 'Pulled',
    severity: 'info',
    source: 'kubernetes/event',
    summary: 'Container image already present on machine',
  });
  return out;
}

/** Cloud resources: a configuration edit now and then. */
function cloudChanges(r: Item, random: () => number): PastChange[] {
  const edits: Record<string, string> = {
    'AWS::RDS::DBInstance': 'DBParameterGroup max_connections: 200 → 400',
    'AWS::S3::Bucket': 'LifecycleConfiguration: objects move to Glacier after 90 days',
    'AWS::ElasticLoadBalancingV2::LoadBalancer': 'idle_timeout.timeout_seconds: 60 → 120',
    'AWS::EKS::Cluster': 'version: 1.29 → 1.30',
  };
  const summary = edits[r.type];
  if (!summary) return [];
  return [
    {
      configId: r.id,
      agoMs: Math.floor((1 + random() * (HISTORY_DAYS - 2)) * DAY_MS),
      changeType: 'UpdateConfiguration',
      severity: 'low',
      source: 'aws/cloudtrail',
      summary,
    },
  ];
}

/** A pod that was deleted three days ago: a deleted item with its last change. */
async function deletedPod(tx: Queryable, like: Item | undefined): Promise<PastChange[]> {
  if (!like) return [];
  const name = `${like.name.split('-').slice(0, -1).join('-') || like.name}-old01`;
  const deletedAgoMs = 3 * DAY_MS + 4 * 3_600_000;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO config_items (scraper_id, external_id, type, config_class, name, namespace, config, tags, labels,
       parent_id, path, health, status, created_at, updated_at, deleted_at)
     SELECT scraper_id, ARRAY['demo-history/' || $2], type, config_class, $2, namespace, config, tags, labels,
       parent_id, path, 'unknown',
       'Terminated', now() - make_interval(secs => $3::float8 / 1000), now() - make_interval(secs => $4::float8 / 1000),
       now() - make_interval(secs => $4::float8 / 1000)
     FROM config_items WHERE id = $1
     ON CONFLICT (scraper_id, type, external_id) DO NOTHING
     RETURNING id`,
    [like.id, name, deletedAgoMs + 2 * DAY_MS, deletedAgoMs],
  );
  const id = rows[0]?.id;
  if (!id) return [];
  return [
    {
      configId: id,
      agoMs: deletedAgoMs + 60_000,
      changeType: 'Killing',
      severity: 'low',
      source: 'kubernetes/event',
      summary: 'Stopping container (node drained for maintenance)',
    },
    {
      configId: id,
      agoMs: deletedAgoMs,
      changeType: 'DELETE',
      severity: 'medium',
      source: 'kubernetes',
      summary: `Pod ${name} was deleted`,
    },
  ];
}

/**
 * Gives the demo catalog a week of past changes — releases, scaling, restarts, cloud edits
 * and a deleted pod — the first time its scraper has stored items, so /catalog/changes and
 * the CHANGES column are never empty on a fresh install. Does nothing once the catalog has
 * changes older than a day (a demo that has lived, or a second call).
 */
export async function backfillDemoChanges(db: Queryable, scraperId: string): Promise<number> {
  const { rows: lived } = await db.query(
    `SELECT 1 FROM config_changes c JOIN config_items i ON i.id = c.config_id
     WHERE i.scraper_id = $1 AND c.created_at < now() - interval '1 day' LIMIT 1`,
    [scraperId],
  );
  if (lived.length) return 0;
  const { rows: items } = await db.query<Item>(
    `SELECT id, type, name, config FROM config_items WHERE scraper_id = $1 AND deleted_at IS NULL ORDER BY type, name`,
    [scraperId],
  );
  const random = prng(20261124);
  const changes: PastChange[] = [];
  for (const item of items) {
    if (item.type.endsWith('::Deployment')) changes.push(...deploymentChanges(item, random));
    else if (item.type.endsWith('::Pod')) changes.push(...podChanges(item, random));
    else changes.push(...cloudChanges(item, random));
  }
  changes.push(
    ...(await deletedPod(
      db,
      items.find((i) => i.type.endsWith('::Pod')),
    )),
  );
  if (!changes.length) return 0;
  await db.query(
    `INSERT INTO config_changes (config_id, change_type, severity, source, summary, details, created_at, first_observed)
     SELECT c.config_id, c.change_type, c.severity, c.source, c.summary, c.details,
       now() - make_interval(secs => c.ago_ms / 1000), now() - make_interval(secs => c.ago_ms / 1000)
     FROM jsonb_to_recordset($1::jsonb) AS c(config_id uuid, change_type text, severity text, source text,
       summary text, details jsonb, ago_ms float8)`,
    [
      JSON.stringify(
        changes.map((c) => ({
          config_id: c.configId,
          change_type: c.changeType,
          severity: c.severity,
          source: c.source,
          summary: c.summary,
          details: c.details ?? null,
          ago_ms: c.agoMs,
        })),
      ),
    ],
  );
  return changes.length;
}
