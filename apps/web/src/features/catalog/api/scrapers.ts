import { z } from 'zod';
import { db, page, rows } from '../../../api/postgrest.js';
import { scraperSchema, type Scraper } from './schemas.js';

const SCRAPER_COLUMNS =
  'id,name,namespace,description,source,schedule,spec,created_at,updated_at,created_by(id,name)';

export async function fetchScrapers(signal?: AbortSignal): Promise<Scraper[]> {
  const q = db
    .from('config_scrapers')
    .select(SCRAPER_COLUMNS)
    .is('deleted_at', null)
    .order('name')
    .limit(500);
  return z.array(scraperSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

export async function fetchScraper(id: string, signal?: AbortSignal): Promise<Scraper | undefined> {
  const q = db.from('config_scrapers').select(SCRAPER_COLUMNS).eq('id', id).is('deleted_at', null).limit(1);
  const list = await rows(signal ? q.abortSignal(signal) : q);
  return list[0] ? scraperSchema.parse(list[0]) : undefined;
}

/** The last run of each scraper, from job history. */
const lastRunSchema = z.object({
  resource_id: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type LastRun = z.infer<typeof lastRunSchema>;

export async function fetchLastRuns(ids: string[], signal?: AbortSignal): Promise<Map<string, LastRun>> {
  if (ids.length === 0) return new Map();
  const q = db
    .from('job_histories')
    .select('resource_id,status,created_at')
    .eq('resource_type', 'config_scraper')
    .in('resource_id', ids)
    .order('created_at', { ascending: false })
    .limit(ids.length * 5);
  const list = z.array(lastRunSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  const out = new Map<string, LastRun>();
  for (const r of list) if (r.resource_id && !out.has(r.resource_id)) out.set(r.resource_id, r);
  return out;
}

export const scraperJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  duration_millis: z.number().nullable(),
  success_count: z.number().nullable(),
  error_count: z.number().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type ScraperJob = z.infer<typeof scraperJobSchema>;

export async function fetchScraperJobs(
  id: string,
  pageIndex: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ data: ScraperJob[]; totalEntries: number | undefined }> {
  const q = db
    .from('job_histories')
    .select('id,name,status,duration_millis,success_count,error_count,details,created_at', { count: 'exact' })
    .eq('resource_id', id)
    .order('created_at', { ascending: false })
    .range(pageIndex * pageSize, pageIndex * pageSize + pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(scraperJobSchema).parse(res.data), totalEntries: res.totalEntries };
}

export type ScraperInput = { name: string; namespace: string; source: string; spec: Record<string, unknown> };

export async function createScraper(input: ScraperInput): Promise<Scraper> {
  const list = await rows(db.from('config_scrapers').insert(input).select(SCRAPER_COLUMNS));
  return scraperSchema.parse(list[0]);
}

export async function updateScraper(id: string, input: Partial<ScraperInput>): Promise<void> {
  await rows(db.from('config_scrapers').update(input).eq('id', id).select('id'));
}

export async function deleteScraper(id: string): Promise<void> {
  await rows(
    db.from('config_scrapers').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
}
