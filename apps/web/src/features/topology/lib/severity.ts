const RANK = ['critical', 'blocker', 'high', 'medium', 'warning', 'info'];
const rank = (s: string) => (RANK.includes(s) ? RANK.indexOf(s) : RANK.length);

export type SeverityCount = {
  severity: string;
  n: number;
  /** It holds merged low counts. */ merged: boolean;
};

/** A summary's counts per severity with low merged into medium, the heaviest first. */
export function summarySeverities(bySeverity: Record<string, number>): SeverityCount[] {
  const out = new Map<string, SeverityCount>();
  for (const [raw, n] of Object.entries(bySeverity)) {
    if (!(n > 0)) continue;
    const severity = raw === 'low' ? 'medium' : raw;
    const seen = out.get(severity) ?? { severity, n: 0, merged: false };
    seen.n += n;
    seen.merged ||= raw === 'low';
    out.set(severity, seen);
  }
  return [...out.values()].sort((a, b) => rank(a.severity) - rank(b.severity));
}
