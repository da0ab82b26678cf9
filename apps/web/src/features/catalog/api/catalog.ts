import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, ilikePattern, page, rows } from '../../../api/postgrest.js';
import {
  changeDetailSchema,
  changesResponseSchema,
  configDetailSchema,
  configRowSchema,
  insightSchema,
  relatedSchema,
  runResultSchema,
  summaryRowSchema,
  type ChangesResponse,
  type ConfigDetail,
  type ConfigRow,
  type Insight,
  type RelatedConfig,
  type SummaryRow,
} from './schemas.js';

/** Config queries are cached 5 minutes. */
export const CONFIG_CACHE = { staleTime: 300_000, gcTime: 300_000 } as const;

const LIST_COLUMNS =
  'id,name,type,config_class,agent_id,status,health,tags,labels,changes,analysis,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,created_at,updated_at,deleted_at';

export type ConfigListQuery = {
  configType: string;
  search: string;
  labels: Record<string, string>;
  status: string;
  health: string;
  hideDeleted: boolean;
  sortBy: string;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
};

const SORTABLE = new Set([
  'name',
  'type',
  'status',
  'changes',
  'cost_total_30d',
  'created_at',
  'updated_at',
  'deleted_at',
]);

/** The flat list (`/api/db/configs`): one server-sorted page and the exact total. */
export async function fetchConfigs(
  q: ConfigListQuery,
  signal?: AbortSignal,
): Promise<{ data: ConfigRow[]; totalEntries: number | undefined }> {
  let query = db.from('configs').select(LIST_COLUMNS, { count: 'exact' });
  if (q.configType) query = query.eq('type', q.configType);
  if (q.status) query = query.in('status', q.status.split(','));
  if (q.health) query = query.in('health', q.health.split(','));
  for (const [k, v] of Object.entries(q.labels)) query = query.contains('labels', { [k]: v });
  if (q.search.trim()) {
    const p = ilikePattern(q.search);
    query = query.or(`name.ilike.${p},type.ilike.${p},description.ilike.${p},namespace.ilike.${p}`);
  }
  if (q.hideDeleted) query = query.is('deleted_at', null);
  const sortBy = SORTABLE.has(q.sortBy) ? q.sortBy : 'type';
  query = query.order(sortBy, { ascending: !q.sortDesc, nullsFirst: false });
  if (sortBy !== 'name') query = query.order('name', { ascending: true });
  query = query.range(q.pageIndex * q.pageSize, q.pageIndex * q.pageSize + q.pageSize - 1);
  const res = await page(signal ? query.abortSignal(signal) : query);
  return { data: z.array(configRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

export type SummaryQuery = {
  groupBy: string[];
  labels: Record<string, string>;
  status: string;
  health: string;
  hideDeleted: boolean;
};

export async function fetchSummary(q: SummaryQuery, signal?: AbortSignal): Promise<SummaryRow[]> {
  const body = {
    groupBy: q.groupBy,
    deleted: !q.hideDeleted,
    filter: q.labels,
    ...(q.status ? { status: q.status } : {}),
    ...(q.health ? { health: q.health } : {}),
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  };
  const res = await http('/api/catalog/summary', { method: 'POST', body, signal });
  return z.array(summaryRowSchema).parse(res) as SummaryRow[];
}

export async function fetchConfigDetail(id: string, signal?: AbortSignal): Promise<ConfigDetail | undefined> {
  const q = db.from('config_detail').select('*').eq('id', id).limit(1);
  const list = await rows(signal ? q.abortSignal(signal) : q);
  return list[0] ? configDetailSchema.parse(list[0]) : undefined;
}

async function distinct(view: string, column: string, signal?: AbortSignal): Promise<string[]> {
  const q = db.from(view).select(column).order(column).limit(1000);
  const list = z
    .array(z.record(z.string(), z.unknown()))
    .parse(await rows(signal ? q.abortSignal(signal) : q));
  return list.map((r) => r[column]).filter((v): v is string => typeof v === 'string' && v !== '');
}

export const fetchConfigTypes = (s?: AbortSignal) => distinct('config_types', 'type', s);
export const fetchConfigStatuses = (s?: AbortSignal) => distinct('config_statuses', 'status', s);
export const fetchChangeTypes = (s?: AbortSignal) => distinct('change_types', 'change_type', s);
export const fetchAnalyzers = (s?: AbortSignal) => distinct('config_analysis_analyzers', 'analyzer', s);

const keyValue = z.array(z.object({ key: z.string(), value: z.string().nullable() }));
export async function fetchKeyValues(view: 'config_tags' | 'config_labels', signal?: AbortSignal) {
  const q = db.from(view).select('key,value').order('key').limit(2000);
  return keyValue.parse(await rows(signal ? q.abortSignal(signal) : q));
}

export type ChangesQuery = {
  id?: string;
  configType?: string;
  changeType?: string;
  severity?: string;
  tags?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  sortBy?: string;
  recursive?: 'upstream' | 'downstream' | 'all' | 'none';
  includeDeleted?: boolean;
  extra?: Record<string, string>;
};

export async function fetchChanges(q: ChangesQuery, signal?: AbortSignal): Promise<ChangesResponse> {
  const body: Record<string, unknown> = {
    page: q.page,
    page_size: q.pageSize,
    sort_by: q.sortBy || '-created_at',
    include_deleted_configs: q.includeDeleted ?? false,
    ...q.extra,
  };
  if (q.id) {
    body.id = q.id;
    body.recursive = q.recursive ?? 'none';
    body.depth = 5;
  }
  if (q.configType) body.config_type = q.configType;
  if (q.changeType) body.type = q.changeType;
  if (q.severity) body.severity = q.severity;
  if (q.tags) body.tags = q.tags;
  if (q.from) body.from = q.from;
  if (q.to) body.to = q.to;
  const res = await http('/api/catalog/changes', { method: 'POST', body, signal });
  return changesResponseSchema.parse(res);
}

export async function fetchChangeDetail(configId: string, id: string, signal?: AbortSignal) {
  const q = db
    .from('config_changes')
    .select(
      'id,config_id,change_type,severity,source,summary,details,patches,diff,created_at,first_observed,count,external_created_by',
    )
    .eq('config_id', configId)
    .eq('id', id)
    .limit(1);
  const list = await rows(signal ? q.abortSignal(signal) : q);
  return list[0] ? changeDetailSchema.parse(list[0]) : undefined;
}

export type InsightsQuery = {
  configId?: string;
  configType?: string;
  type?: string;
  severity?: string;
  analyzer?: string;
  component?: string;
  status?: string;
};

const INSIGHT_COLUMNS =
  'id,config_id,analyzer,analysis_type,severity,status,message,summary,analysis,source,first_observed,last_observed,config';

export async function fetchInsights(
  q: InsightsQuery,
  range: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<{ data: Insight[]; totalEntries: number | undefined }> {
  let query = db.from('config_analysis_items').select(INSIGHT_COLUMNS, { count: 'exact' });
  if (q.configId) query = query.eq('config_id', q.configId);
  if (q.configType) query = query.eq('config_type', q.configType);
  if (q.type) query = query.eq('analysis_type', q.type);
  if (q.severity) query = query.eq('severity', q.severity.toLowerCase());
  if (q.analyzer) query = query.eq('analyzer', q.analyzer);
  if (q.component) query = query.eq('component_id', q.component);
  if (q.status) query = query.eq('status', q.status);
  query = query
    .order('first_observed', { ascending: false })
    // Ties broken, so consecutive pages neither repeat nor skip a row.
    .order('id')
    .order('config_id')
    .range(range.offset, range.offset + range.limit - 1);
  const res = await page(signal ? query.abortSignal(signal) : query);
  return { data: z.array(insightSchema).parse(res.data), totalEntries: res.totalEntries };
}

export type RelatedQuery = {
  configId: string;
  typeFilter: 'all' | 'incoming' | 'outgoing';
  relation: 'both' | 'hard';
  includeDeleted: boolean;
  type?: string;
  status?: string;
  health?: string;
};

/** GET /api/db/rpc/related_configs_recursive (docs/catalog.md), max depth 10. */
export async function fetchRelated(q: RelatedQuery, signal?: AbortSignal): Promise<RelatedConfig[]> {
  const args: Record<string, unknown> = {
    config_id: q.configId,
    type_filter: q.typeFilter,
    include_deleted_configs: q.includeDeleted,
    max_depth: 10,
    incoming_relation: q.relation,
    outgoing_relation: q.relation,
  };
  if (q.type) args.type = q.type;
  if (q.status) args.status = q.status;
  if (q.health) args.health = q.health;
  const call = db.rpc('related_configs_recursive', args, { get: true });
  return z.array(relatedSchema).parse(await rows(signal ? call.abortSignal(signal) : call));
}

export async function runScraperNow(id: string) {
  const res = await http(`/api/config/run/${id}`, { method: 'POST', timeoutMs: 120_000 });
  return runResultSchema.parse(res);
}
