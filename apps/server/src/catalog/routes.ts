import { scrapeConfigSpecSchema } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { changesRequestSchema, searchChanges } from './changes-search.js';
import { ensureFilesDir, filesDir } from '../sandbox/file-roots.js';
import { ensureDemoCatalog } from './demo/files.js';
import { FilterError } from './filters.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { sourceLookupQuerySchema } from '../lib/source-lookup.js';
import { runScraper, ScraperBusy, ScraperNotFound } from './run.js';
import { tryScraper } from './try-scraper.js';
import { lookupConfigsBySource } from './source-lookup.js';
import { catalogSummary, summaryRequestSchema } from './summary.js';

const idParams = z.object({ id: z.guid({ message: 'must be a scraper id (UUID)' }) });

function badRequest(reply: FastifyReply, e: unknown) {
  if (e instanceof FilterError) return reply.code(400).send({ error: e.message });
  throw e;
}

/** Catalog summary and changes search, scraper "run now", and the scraper spec's JSON Schema. */
export async function catalogRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // DATA_DIR/files is the default file root; the demo scraper reads DATA_DIR/files/demo-catalog,
  // which must exist before the scheduler's first run.
  ensureFilesDir(ctx.config);
  if (ctx.config.demo) ensureDemoCatalog(filesDir(ctx.config.dataDir));

  const scrapeConfigJsonSchema = builtOnFirstUse(() =>
    z.toJSONSchema(scrapeConfigSpecSchema, { unrepresentable: 'any' }),
  );

  app.get('/api/schemas/scrape-config.schema.json', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(scrapeConfigJsonSchema()),
  );

  app.post('/api/catalog/summary', { config: { permission: ['database', 'read'] } }, async (req, reply) => {
    const body = summaryRequestSchema.parse(req.body ?? {});
    try {
      return await catalogSummary(ctx.db, body);
    } catch (e) {
      return badRequest(reply, e);
    }
  });

  // A config item by its source id (docs/catalog.md, Lookup by source id).
  app.get('/api/catalog/lookup', { config: { permission: ['database', 'read'] } }, async (req) => ({
    results: await lookupConfigsBySource(ctx.db, sourceLookupQuerySchema.parse(req.query)),
  }));

  app.post('/api/catalog/changes', { config: { permission: ['database', 'read'] } }, async (req, reply) => {
    const body = changesRequestSchema.parse(req.body ?? {});
    try {
      return await searchChanges(ctx.db, body);
    } catch (e) {
      return badRequest(reply, e);
    }
  });

  // Try it: one run of an unsaved scraper, nothing stored (try-scraper.ts).
  app.post('/api/config/try', { config: { permission: ['config_scrapers', 'write'] } }, async (req) =>
    tryScraper(ctx, req.body),
  );

  app.post(
    '/api/config/run/:id',
    { config: { permission: ['config_scrapers', 'write'] } },
    async (req, reply) => {
      const { id } = idParams.parse(req.params);
      try {
        return await runScraper(ctx, id);
      } catch (e) {
        if (e instanceof ScraperNotFound) return reply.code(404).send({ error: e.message });
        if (e instanceof ScraperBusy) return reply.code(409).send({ error: e.message });
        throw e;
      }
    },
  );
}
