import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { ScrapeResult } from '../../src/catalog/run.js';
import { configScraperWriteHook } from '../../src/catalog/write-hook.js';
import type { DataRow, DataWriteContext, DataWriteMethod } from '../../src/platform/data-write-hook.js';
import { startTestServer, type DbKind, type TestServer } from '../helpers.js';

/**
 * A test server whose DATA_DIR is a fresh temp folder (file scrapers resolve relative paths
 * there); that folder is also its one file root, so specs may read anything in it.
 */
export async function catalogServer(kind: DbKind): Promise<TestServer & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-catalog-'));
  const server = await startTestServer(kind, { dataDir: dir }, { FILE_ROOTS: dir });
  return {
    ...server,
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function api<T>(
  server: TestServer,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Saves a scraper through the data API (the way the settings page does) and returns its id. */
export async function createScraper(server: TestServer, name: string, spec: unknown): Promise<string> {
  const r = await api<{ id: string }[]>(
    server,
    'POST',
    '/api/db/config_scrapers',
    { name, spec },
    {
      prefer: 'return=representation',
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = r.body[0]?.id;
  if (!id) throw new Error('no id returned');
  return id;
}

export async function runNow(server: TestServer, id: string): Promise<ScrapeResult> {
  const r = await api<ScrapeResult>(server, 'POST', `/api/config/run/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

export type ItemRow = {
  id: string;
  name: string;
  type: string;
  config_class: string | null;
  status: string | null;
  health: string | null;
  parent_id: string | null;
  path: string | null;
  tags: Record<string, string>;
  labels: Record<string, string>;
  deleted_at: string | null;
  cost_total_30d: string | null;
};

export async function items(server: TestServer, scraperId: string): Promise<ItemRow[]> {
  const r = await server.db.query<ItemRow>(
    `SELECT id, name, type, config_class, status, health, parent_id, path, tags, labels, deleted_at, cost_total_30d
     FROM config_items WHERE scraper_id = $1 ORDER BY type, name`,
    [scraperId],
  );
  return r.rows;
}

export function byName(rows: ItemRow[], name: string): ItemRow {
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`no item ${name} in ${rows.map((r) => r.name).join(', ')}`);
  return row;
}

/** What the data API does around a write to config_scrapers: the hook validates, then SQL stores. */
export async function hookWrite(
  server: TestServer,
  method: DataWriteMethod,
  row: DataRow,
): Promise<DataRow[]> {
  const w: DataWriteContext = { ctx: server.ctx, req: {} as DataWriteContext['req'], method };
  return (await configScraperWriteHook.beforeWrite?.([row], w)) ?? [row];
}

export async function refusal(server: TestServer, method: DataWriteMethod, row: DataRow): Promise<string> {
  try {
    await hookWrite(server, method, row);
  } catch (e) {
    expect((e as { statusCode?: number }).statusCode).toBe(400);
    return (e as Error).message;
  }
  throw new Error('the write was accepted');
}
