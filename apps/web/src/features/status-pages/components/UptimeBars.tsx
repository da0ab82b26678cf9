import type { PublicMember } from '@opsdeck/shared';

const DAY_MS = 86_400_000;

function tone(v: number | null): string {
  if (v === null) return 'bg-subtle';
  if (v >= 99.9) return 'bg-health-healthy';
  if (v >= 95) return 'bg-health-warning';
  return 'bg-health-unhealthy';
}

function dayOf(since: string, i: number): string {
  return new Date(Date.parse(`${since}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
}

/** One bar per day, oldest first: green, yellow below 99.9 %, red below 95 %, grey without runs. */
export function UptimeBars({ member, since }: { member: PublicMember; since: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex h-6 gap-px" role="img" aria-label={`${member.name}: 90-day uptime`}>
        {member.uptime.map((v, i) => {
          const day = dayOf(since, i);
          return (
            <span
              key={day}
              className={`flex-1 rounded-[1px] ${tone(v)}`}
              title={v === null ? `${day}: no data` : `${day}: ${v}% uptime`}
            />
          );
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
