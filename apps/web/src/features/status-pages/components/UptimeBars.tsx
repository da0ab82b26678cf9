import type { PublicMember } from '@opsdeck/shared';

const DAY_MS = 86_400_000;

/** The bar colours, shared with the legend. */
export const BAR_TONE = {
  good: 'bg-health-healthy',
  fair: 'bg-health-warning',
  poor: 'bg-health-unhealthy',
  none: 'bg-subtle',
  maintenance: 'bg-brand-400',
} as const;

function tone(v: number | null, maintenance: boolean): string {
  if (maintenance) return BAR_TONE.maintenance;
  if (v === null) return BAR_TONE.none;
  if (v >= 99.9) return BAR_TONE.good;
  if (v >= 95) return BAR_TONE.fair;
  return BAR_TONE.poor;
}

function dayOf(since: string, i: number): string {
  return new Date(Date.parse(`${since}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
}

function label(day: string, v: number | null, maintenance: boolean): string {
  const uptime = v === null ? 'no data' : `${v}% uptime`;
  return maintenance ? `${day}: maintenance${v === null ? '' : `, ${uptime}`}` : `${day}: ${uptime}`;
}

/**
 * One bar per day, oldest first: green, yellow below 99.9 %, red below 95 %, grey without runs;
 * blue for a day of maintenance without failures (results under maintenance do not count).
 */
export function UptimeBars({ member, since }: { member: PublicMember; since: string }) {
  const maintenance = new Set(member.maintenance_days);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex h-6 gap-px" role="img" aria-label={`${member.name}: 90-day uptime`}>
        {member.uptime.map((v, i) => {
          const day = dayOf(since, i);
          const m = maintenance.has(i);
          return <span key={day} className={`flex-1 rounded-[1px] ${tone(v, m)}`} title={label(day, v, m)} />;
        })}
      </div>
      <div className="flex justify-between text-[11px] text-muted">
        <span>90 days ago</span>
        <span>{member.uptime90 === null ? 'no data' : `${member.uptime90}% uptime`}</span>
        <span>Today</span>
      </div>
    </div>
  );
}
