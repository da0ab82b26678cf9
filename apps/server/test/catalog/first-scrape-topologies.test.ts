import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.js';
import { catalogServer, createScraper, runNow } from './helpers.js';

/**
 * A new estate's topologies look up what its first scrape stores; built before that scrape,
 * they would show empty or grey cards until their next slot (a fresh demo start showed
 * 'Fraud scoring' unknown for a minute).
 */
describe.each(DB_KINDS)("a scraper's first scrape rebuilds the topologies (%s)", (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;
  let scraperId: string;
  const nextRuntime = async () =>
    (
      await server.db.query<{ next_runtime: Date | null }>(
        "SELECT next_runtime FROM topologies WHERE name = 'shop'",
      )
    ).rows[0]?.next_runtime;

  beforeAll(async () => {
    server = await catalogServer(kind);
    fs.writeFileSync(
      path.join(server.dir, 'ns.yaml'),
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop, uid: ns-shop}\nstatus: {phase: Active}\n',
    );
    scraperId = await createScraper(server, 'files', { file: [{ paths: ['ns.yaml'] }] });
    await server.db.query(
      `INSERT INTO topologies (name, namespace, spec, schedule, next_runtime)
       VALUES ('shop', 'default', '{"type":"Application"}', '@every 5m', now() + interval '5 minutes')`,
    );
  });
  afterAll(async () => server?.close());

  it('makes them due on the first scrape that stores items, and not on later ones', async () => {
    expect(await nextRuntime()).not.toBeNull();
    // A first run that fails (the file is not there yet) stores nothing and changes nothing.
    fs.renameSync(path.join(server.dir, 'ns.yaml'), path.join(server.dir, 'ns.later'));
    expect((await runNow(server, scraperId)).configs_scraped).toBe(0);
    expect(await nextRuntime()).not.toBeNull();
    fs.renameSync(path.join(server.dir, 'ns.later'), path.join(server.dir, 'ns.yaml'));
    expect((await runNow(server, scraperId)).configs_scraped).toBe(1);
    expect(await nextRuntime()).toBeNull();

    await server.db.query("UPDATE topologies SET next_runtime = now() + interval '5 minutes'");
    expect((await runNow(server, scraperId)).configs_scraped).toBe(1);
    expect(await nextRuntime()).not.toBeNull();
  });
});
