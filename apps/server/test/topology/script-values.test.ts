import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../catalog/helpers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { insertConfig } from './fixtures.js';

/**
 * A looked-up value reaches a script: a topology's lookup names components from remote data
 * (here a loopback service answering with a name like x-$(touch /tmp/PWNED-…);`id`'"), and
 * the exec lookups and inline exec checks of its forEach get that name as $COMPONENT_NAME (or
 * quoted with shellQuote) — as data: the marker file is never made.
 */

type Property = { name: string; text?: string };

describe.each(DB_KINDS)('looked-up values in topology scripts (%s)', (kind) => {
  let server: TestServer;
  let remote: http.Server;
  let port: number;
  let marker: string;
  let hostile: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    remote = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ name: hostile, type: 'API' }]));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    port = (remote.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => remote.close(() => resolve()));
    await server.close();
  });
  beforeEach(() => {
    marker = `/tmp/PWNED-${crypto.randomBytes(6).toString('hex')}`;
    hostile = `x-$(touch ${marker});\`id\`'"`;
  });
  afterEach(() => {
    fs.rmSync(marker, { force: true });
  });

  /** Saves and builds a topology; its components by type. */
  async function build(
    spec: unknown,
  ): Promise<Map<string, { id: string; name: string; properties: Property[] }>> {
    const saved = await api<{ id: string }[]>(
      server,
      'POST',
      '/api/db/topologies',
      { name: `t-${crypto.randomBytes(3).toString('hex')}`, spec },
      { prefer: 'return=representation' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body[0]!.id;
    const run = await api<{ warnings: string[] }>(server, 'POST', `/api/topology/run/${id}`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.warnings).toEqual([]);
    const { rows } = await server.db.query<{
      id: string;
      name: string;
      type: string;
      properties: Property[];
    }>('SELECT id, name, type, properties FROM components WHERE topology_id = $1 AND deleted_at IS NULL', [
      id,
    ]);
    return new Map(rows.map((r) => [r.type, r]));
  }

  const text = (c: { properties: Property[] } | undefined, name: string) =>
    c?.properties.find((p) => p.name === name)?.text;

  it('an http lookup names a component; forEach exec lookups and an inline exec check get the name as data', async () => {
    const comps = await build({
      components: [
        {
          name: 'services',
          type: 'virtual',
          lookup: { http: [{ name: 'list', url: `http://127.0.0.1:${port}/services` }] },
          forEach: {
            properties: [
              { name: 'variable', lookup: { exec: [{ name: 'v', script: 'printf %s "$COMPONENT_NAME"' }] } },
              {
                name: 'quoted',
                lookup: { exec: [{ name: 'q', script: 'printf %s {{ .component.name | shellQuote }}' }] },
              },
            ],
            checks: [{ inline: { exec: [{ name: 'probe', script: 'printf %s "$COMPONENT_NAME"' }] } }],
          },
        },
      ],
    });
    const api_ = comps.get('API');
    expect(api_?.name).toBe(hostile);
    expect(text(api_, 'variable')).toBe(hostile);
    expect(text(api_, 'quoted')).toBe(hostile);

    const { rows } = await server.db.query<{ id: string }>(
      `SELECT k.id FROM check_component_relationships r JOIN checks k ON k.id = r.check_id
       WHERE r.component_id = $1 AND k.name = 'probe' AND r.deleted_at IS NULL`,
      [api_!.id],
    );
    expect(rows).toHaveLength(1);
    const ran = await api<{ failed: number }>(server, 'POST', `/api/canary/run/check/${rows[0]!.id}`);
    expect(ran.status).toBe(200);
    const status = await server.db.query<{ message: string }>(
      'SELECT message FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
      [rows[0]!.id],
    );
    expect(status.rows[0]?.message).toBe(hostile);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('a config lookup: forEach exec lookups get the catalog item as $CONFIG_NAME', async () => {
    const type = `Hostile::${crypto.randomBytes(3).toString('hex')}`;
    const configId = await insertConfig(server.db, { type, name: hostile });
    const comps = await build({
      components: [
        {
          name: 'items',
          type: 'Group',
          lookup: { configs: [{ types: [type] }] },
          forEach: {
            type: 'Item',
            properties: [
              {
                name: 'config',
                lookup: {
                  exec: [{ name: 'c', script: 'printf %s "$CONFIG_ID/$CONFIG_NAME/$COMPONENT_NAME"' }],
                },
              },
            ],
          },
        },
      ],
    });
    expect(text(comps.get('Item'), 'config')).toBe(`${configId}/${hostile}/items`);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
