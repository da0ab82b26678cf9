import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogFileRootsSeed, catalogSeed } from '../src/catalog/demo/seed.js';
import { migrate } from '../src/db/migrate.js';
import type { Db } from '../src/db/types.js';
import { healthFileRootsSeed, healthSeed } from '../src/health/seed.js';
import { runSeeds } from '../src/seed/index.js';
import { peopleSeed } from '../src/auth/seed.js';
import { DB_KINDS, freshDb } from './helpers.js';

const log = pino({ level: 'silent' });

describe.each(DB_KINDS)('demo installs made before file roots, on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(() => drop?.());

  async function oldDemo(): Promise<Db> {
    const fresh = await freshDb(kind);
    drop = fresh.drop;
    await migrate(fresh.db);
    await runSeeds(fresh.db, log, [peopleSeed, healthSeed, catalogSeed]);
    // What those installs stored: the data folder itself, and manifests right under DATA_DIR.
    await fresh.db.query(
      `UPDATE canaries SET spec = jsonb_set(spec, '{folder,0,path}', '"{{dataDir}}"') WHERE name = 'host-basics'`,
    );
    await fresh.db.query(
      `UPDATE checks SET spec = jsonb_set(spec, '{path}', '"{{dataDir}}"') WHERE type = 'folder'`,
    );
    await fresh.db.query(
      `UPDATE config_scrapers SET spec = jsonb_set(jsonb_set(spec, '{file,0,paths,0}', '"demo-catalog/kubernetes/*.yaml"'),
         '{file,1,paths,0}', '"demo-catalog/cloud/*.json"')`,
    );
    return fresh.db;
  }

  it('moves the demo folder check and the demo scraper inside DATA_DIR/files', async () => {
    const db = await oldDemo();
    expect(await runSeeds(db, log, [healthFileRootsSeed, catalogFileRootsSeed])).toEqual([
      'health-file-roots',
      'catalog-file-roots',
    ]);
    const check = await db.query<{ path: string }>(
      `SELECT spec->>'path' AS path FROM checks WHERE type = 'folder'`,
    );
    expect(check.rows).toEqual([{ path: '{{dataDir}}/files' }]);
    const scraper = await db.query<{ paths: string[] }>(
      `SELECT jsonb_path_query_array(spec, '$.file[*].paths[0]') AS paths FROM config_scrapers`,
    );
    expect(scraper.rows[0]?.paths).toEqual([
      'files/demo-catalog/kubernetes/*.yaml',
      'files/demo-catalog/cloud/*.json',
    ]);
  });

  it('leaves a demo check a person has changed alone', async () => {
    const db = await oldDemo();
    await db.query(
      `UPDATE canaries SET spec = jsonb_set(spec, '{folder,0,path}', '"/srv/reports"') WHERE name = 'host-basics'`,
    );
    await runSeeds(db, log, [healthFileRootsSeed]);
    const { rows } = await db.query<{ path: string }>(
      `SELECT spec->'folder'->0->>'path' AS path FROM canaries WHERE name = 'host-basics'`,
    );
    expect(rows).toEqual([{ path: '/srv/reports' }]);
  });
});
