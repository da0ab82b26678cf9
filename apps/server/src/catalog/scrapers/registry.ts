import {
  ACCEPTED_SCRAPER_KINDS,
  type FileScraperSpec,
  type HttpScraperSpec,
  type KubernetesScraperSpec,
  type PushScraperSpec,
  type ScrapeConfigSpec,
  type SqlScraperSpec,
} from '@opsdeck/shared';
import type { ScrapeOutput } from '../types.js';
import { fileScraper } from './file.js';
import { httpScraper } from './http.js';
import { kubernetesScraper } from './kubernetes.js';
import { pushScraper } from './push.js';
import { sqlScraper } from './sql.js';
import type { ScrapeContext } from './types.js';

/** One line per implemented kind. */
const RUNNERS = {
  file: (e: FileScraperSpec, sc: ScrapeContext) => fileScraper.run(e, sc),
  http: (e: HttpScraperSpec, sc: ScrapeContext) => httpScraper.run(e, sc),
  sql: (e: SqlScraperSpec, sc: ScrapeContext) => sqlScraper.run(e, sc),
  kubernetes: (e: KubernetesScraperSpec, sc: ScrapeContext) => kubernetesScraper.run(e, sc),
  push: (e: PushScraperSpec, sc: ScrapeContext) => pushScraper.run(e, sc),
};

export type KindOutput = { kind: string; output: ScrapeOutput };

/** Runs every entry of every kind in the spec; kinds accepted but not run here are reported. */
export async function runAllKinds(spec: ScrapeConfigSpec, sc: ScrapeContext): Promise<KindOutput[]> {
  const outputs: KindOutput[] = [];
  const run = async <E>(
    kind: string,
    entries: E[] | undefined,
    fn: (e: E, sc: ScrapeContext) => Promise<ScrapeOutput>,
  ) => {
    for (const entry of entries ?? []) {
      if (sc.signal.aborted) return;
      outputs.push({ kind, output: await fn(entry, sc) });
    }
  };
  await run('file', spec.file, RUNNERS.file);
  await run('http', spec.http, RUNNERS.http);
  await run('sql', spec.sql, RUNNERS.sql);
  await run('kubernetes', spec.kubernetes, RUNNERS.kubernetes);
  await run('push', spec.push, RUNNERS.push);
  for (const kind of ACCEPTED_SCRAPER_KINDS) {
    if ((spec[kind]?.length ?? 0) > 0) {
      outputs.push({
        kind,
        output: {
          items: [],
          changes: [],
          errors: [
            `The "${kind}" scraper is accepted in specs but not run by this server yet (see docs/catalog.md)`,
          ],
        },
      });
    }
  }
  return outputs;
}
