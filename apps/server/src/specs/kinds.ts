import { maintenanceWindowSpecSchema, silenceSpecSchema, statusPageSpecSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { connectionColumns } from './connection-document.js';
import type { Row, SpecDocument, SpecKind } from './types.js';
import { DocumentError } from './errors.js';

type KindDef = {
  /** The data-API table its objects are stored in. */
  table: string;
  /** The column that holds metadata.name, when it is not `name` (a status page's slug). */
  nameColumn?: string;
  /** The columns a write of the document sets (name and namespace are added by the caller). */
  columns(doc: SpecDocument): Row;
};

const spec = (doc: SpecDocument): unknown => doc.document.spec ?? {};

/** A document's spec checked against a schema; the first problem names the file and field. */
function parsedSpec<T>(d: SpecDocument, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(spec(d));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DocumentError(
    `${d.file}: ${d.kind} ${d.name}: spec.${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
  );
}

/**
 * Where each kind is stored and how a document becomes a write. Most tables' write hooks read
 * the whole document themselves (validating it as the UI's YAML editor does); the rest are
 * mapped to their columns here and checked again by the server.
 */
export const KINDS: Record<SpecKind, KindDef> = {
  Connection: { table: 'connections', columns: (d) => connectionColumns(d) },
  Team: {
    table: 'teams',
    columns: (d) => {
      const s = spec(d) as { icon?: unknown };
      return { spec: spec(d), ...(typeof s.icon === 'string' ? { icon: s.icon } : {}) };
    },
  },
  LoggingBackend: {
    table: 'logging_backends',
    columns: (d) => ({ labels: d.labels, spec: d.document }),
  },
  Playbook: { table: 'playbooks', columns: (d) => ({ spec: d.document }) },
  Canary: { table: 'canaries', columns: (d) => ({ labels: d.labels, spec: d.document }) },
  ScrapeConfig: { table: 'config_scrapers', columns: (d) => ({ spec: spec(d) }) },
  Topology: { table: 'topologies', columns: (d) => ({ labels: d.labels, spec: d.document }) },
  // metadata.name is the slug; the spec holds the page (packages/shared statusPageSpecSchema).
  StatusPage: {
    table: 'status_pages',
    nameColumn: 'slug',
    columns: (d) => {
      const s = parsedSpec(d, statusPageSpecSchema);
      return {
        title: s.title,
        description: s.description ?? '',
        logo: s.logo ?? null,
        groups: s.groups,
        custom_domain: s.custom_domain ?? null,
      };
    },
  },
  IncidentRule: { table: 'incident_rules', columns: (d) => ({ spec: d.document }) },
  NotificationSilence: {
    table: 'notification_silences',
    columns: (d) => {
      const s = parsedSpec(d, silenceSpecSchema);
      return {
        description: s.description ?? null,
        from: s.from ?? null,
        until: s.until ?? null,
        recursive: s.recursive ?? false,
        filter: s.filter ?? null,
        selectors: s.selectors ?? null,
      };
    },
  },
  MaintenanceWindow: {
    table: 'maintenance_windows',
    columns: (d) => {
      const s = parsedSpec(d, maintenanceWindowSpecSchema);
      return {
        description: s.description ?? null,
        starts_at: s.startsAt ?? null,
        ends_at: s.endsAt ?? null,
        schedule: s.schedule ?? null,
        duration: s.duration ?? null,
        time_zone: s.timeZone ?? 'UTC',
        selectors: s.selectors,
        notify: s.notify ?? null,
      };
    },
  },
  Notification: { table: 'notifications', columns: (d) => ({ spec: d.document }) },
};
