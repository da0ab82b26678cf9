import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';
import { EMPTY_TEXT } from '../../../ui/DataTable/index.js';
import { AgentBadge } from '../../../ui/AgentBadge.js';
import { useActiveMaintenance } from '../../../api/activeMaintenance.js';
import { MaintenanceBadge } from '../../../ui/MaintenanceBadge.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { checkHealth, groupKey, type GroupRow } from '../lib/checks.js';
import type { CheckSummary } from '../api/types.js';
import { AgeText, LatencyText, UptimeText } from './HealthCells.js';

/** Cards are not virtualised; past this many the table layout is the one to use. */
export const CARD_LIMIT = 600;

type Props = {
  /** The checks loaded, in the server's order (by group, then the sort). */
  checks: CheckSummary[];
  /** Checks the server has for the current filters. */
  total: number;
  groupBy: string;
  /** The window the uptime covers, as 'last 24 h'. */
  uptimeWindow: string;
  /** Overrides 'No data available', e.g. when Hide Passing hid every match. */
  emptyText?: ReactNode;
  onOpenCheck: (id: string) => void;
};

type CardProps = {
  check: CheckSummary;
  covers: string;
  maintenance: { name: string; ends_at: string } | undefined;
  onOpen: () => void;
};

function Card({ check, covers, maintenance, onOpen }: CardProps) {
  const health = checkHealth(check);
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'card flex flex-col gap-1.5 border-l-4 p-2.5 text-left hover:bg-subtle',
        health === 'healthy' && 'border-l-health-healthy',
        health === 'unhealthy' && 'border-l-health-unhealthy',
        health === 'unknown' && 'border-l-health-unknown',
        health === 'warning' && 'border-l-health-warning',
      )}
    >
      <span className="flex items-center gap-1.5">
        <StatusDot status={health} />
        <span className="truncate font-medium">{check.name}</span>
        <AgentBadge agentId={check.agent_id} />
      </span>
      <MaintenanceBadge window={maintenance} />
      <span className="flex items-center justify-between gap-2 text-xs">
        <UptimeText uptime={check.uptime} covers={covers} />
        <LatencyText ms={check.latency?.rolling1h ?? check.latency?.p95} />
      </span>
      <span className="text-[11px] text-muted">
        <AgeText time={check.last_runtime} />
      </span>
    </button>
  );
}

/** The card layout: one section per group, a card per check. */
export function ChecksCards({ checks, total, groupBy, uptimeWindow, emptyText, onOpenCheck }: Props) {
  const shown = checks.slice(0, CARD_LIMIT);
  const maintenance = useActiveMaintenance(shown.map((c) => c.id)).data ?? {};
  const sections = new Map<string, CheckSummary[]>();
  for (const c of shown) {
    const k = groupBy === 'no_group' ? '' : groupKey(c, groupBy);
    const list = sections.get(k) ?? [];
    list.push(c);
    sections.set(k, list);
  }
  // Insertion order: the server sent the checks group by group.
  const keys = [...sections.keys()];
  if (checks.length === 0)
    return (
      <div className="card flex h-28 items-center justify-center text-muted">{emptyText ?? EMPTY_TEXT}</div>
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto">
      {keys.map((k) => (
        <section key={k || '-'} aria-label={k || 'Checks'}>
          {groupBy !== 'no_group' ? (
            <h3 className="mb-1.5 text-xs font-semibold text-muted">{k || 'none'}</h3>
          ) : null}
          <div className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-2">
            {(sections.get(k) ?? []).map((c) => (
              <Card
                key={c.id}
                check={c}
                covers={uptimeWindow}
                maintenance={maintenance[c.id]}
                onOpen={() => onOpenCheck(c.id)}
              />
            ))}
          </div>
        </section>
      ))}
      {total > shown.length ? (
        <p className="text-center text-xs text-muted">
          Showing {shown.length} of {total} checks; the table layout shows all of them.
        </p>
      ) : null}
    </div>
  );
}

export type { GroupRow };
