import { formatCost, formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusDot } from '../../../ui/StatusDot.js';
import { Tags } from '../../../ui/Tags.js';
import type { ConfigDetail } from '../api/schemas.js';
import { hasCost, isScrapeStale, showsClass } from '../lib/format.js';
import { groupLabels } from '../lib/labels.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[88px_1fr] gap-2 py-1.5">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="min-w-0 text-[13px] break-words">{children}</dd>
    </div>
  );
}

function Property({ p }: { p: Record<string, unknown> }) {
  const name = typeof p.label === 'string' ? p.label : typeof p.name === 'string' ? p.name : '';
  const value = p.text ?? p.value;
  if (!name || value === undefined || value === null) return null;
  const unit = typeof p.unit === 'string' ? ` ${p.unit}` : '';
  return <Row label={name}>{`${String(value)}${unit}`}</Row>;
}

/** The item's facts beside its tabs on the catalog item page. */
export function ConfigSidePanel({
  config,
  now = new Date(),
}: {
  config: ConfigDetail | undefined;
  now?: Date;
}) {
  if (!config) return <p className="p-4 text-center text-muted">Details not found</p>;
  const stale = isScrapeStale(config.last_scraped_time, config.deleted_at, now);
  const groups = groupLabels(config.labels);
  return (
    <dl className="divide-y divide-line/60 px-4 py-2" aria-label="Config details">
      <Row label="Name">{config.name ?? config.id}</Row>
      {Object.keys(config.tags ?? {}).length > 0 ? (
        <Row label="Tags">
          <Tags tags={config.tags} max={8} />
        </Row>
      ) : null}
      <Row label="Status">
        {config.deleted_at ? (
          <span className="text-health-unhealthy">Deleted {formatRelativeTime(config.deleted_at)}</span>
        ) : (
          <span className="flex flex-col gap-0.5">
            <span className="flex items-center gap-1.5">
              <StatusDot status={config.health ?? 'unknown'} />
              {config.status ?? config.health ?? 'unknown'}
            </span>
            {config.description ? <span className="text-xs text-muted">{config.description}</span> : null}
          </span>
        )}
      </Row>
      <Row label="Created">
        <span title={formatDateTime(config.created_at)}>{formatRelativeTime(config.created_at)}</span>
        {config.config_scrapers ? (
          <>
            {' by '}
            <Link
              className="text-brand-600 hover:underline"
              to={`/catalog/scrapers/${config.config_scrapers.id}`}
            >
              {config.config_scrapers.name}
            </Link>
          </>
        ) : null}
      </Row>
      <Row label="Updated">
        <span title={formatDateTime(config.updated_at)}>{formatRelativeTime(config.updated_at)}</span>
        {stale ? (
          <span
            role="status"
            className="mt-1 flex items-center gap-1 text-xs text-health-warning"
            title={formatDateTime(config.last_scraped_time)}
          >
            <AlertTriangle className="size-3.5" aria-hidden />
            Last scraped {formatRelativeTime(config.last_scraped_time)}
          </span>
        ) : null}
      </Row>
      <Row label="Type">
        <Link
          className="text-brand-600 hover:underline"
          to={`/catalog?configType=${encodeURIComponent(config.type)}`}
        >
          {config.type}
        </Link>
      </Row>
      {showsClass(config.type, config.config_class) ? <Row label="Class">{config.config_class}</Row> : null}
      {config.namespace ? <Row label="Namespace">{config.namespace}</Row> : null}
      {(config.properties ?? []).map((p, i) => (
        <Property key={i} p={p} />
      ))}
      {hasCost(config) ? (
        <Row label="Cost">
          <span className="grid grid-cols-2 gap-x-3 text-xs tabular-nums">
            {config.cost_per_minute ? <span>{formatCost(config.cost_per_minute)}/min</span> : null}
            {config.cost_total_1d ? <span>1d {formatCost(config.cost_total_1d)}</span> : null}
            {config.cost_total_7d ? <span>7d {formatCost(config.cost_total_7d)}</span> : null}
            {config.cost_total_30d ? <span>30d {formatCost(config.cost_total_30d)}</span> : null}
          </span>
        </Row>
      ) : null}
      {groups.length > 0 ? (
        <div className="py-2">
          <p className="pb-1 text-xs font-medium text-muted">Labels</p>
          <div className="flex flex-col gap-1.5" aria-label="Labels">
            {groups.map((g) => (
              <div key={g.name} className="flex flex-wrap items-center gap-1" data-group={g.name}>
                {g.labels.map((l) => (
                  <span
                    key={l.key}
                    title={l.key}
                    className="inline-flex max-w-full items-center overflow-hidden rounded border border-line text-[11px] leading-5"
                  >
                    <span className="truncate bg-subtle px-1.5 text-muted">{l.key}</span>
                    <span className="truncate px-1.5 font-medium">{l.value}</span>
                  </span>
                ))}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </dl>
  );
}
