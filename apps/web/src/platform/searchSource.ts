import type { Resource } from '@opsdeck/shared';
import type { LucideIcon } from 'lucide-react';
import { z } from 'zod';
import { db, ilikePattern, rows } from '../api/postgrest.js';
import type { SearchResult, SearchSource } from './feature.js';

/** Results per source in the command palette. */
const LIMIT = 8;

type TableSearch<Row> = {
  id: string;
  label: string;
  resource: Resource;
  /** The data-API table or view whose `name` is matched. */
  table: string;
  /** The columns `row` reads. */
  select: string;
  row: z.ZodType<Row>;
  /** Leave out soft-deleted rows (tables with `deleted_at`). */
  skipDeleted: boolean;
  icon: LucideIcon;
  toResult: (row: Row) => Omit<SearchResult, 'icon'>;
};

/** A command-palette source that finds rows of one table by name, in name order. */
export function tableSearchSource<Row>(spec: TableSearch<Row>): SearchSource {
  const list = z.array(spec.row);
  return {
    id: spec.id,
    label: spec.label,
    resource: spec.resource,
    async search(text, signal) {
      let q = db.from(spec.table).select(spec.select).ilike('name', ilikePattern(text));
      if (spec.skipDeleted) q = q.is('deleted_at', null);
      const query = q.order('name').limit(LIMIT);
      const found = list.parse(await rows(signal ? query.abortSignal(signal) : query));
      return found.map((r) => ({ ...spec.toResult(r), icon: spec.icon }));
    },
  };
}
