/** The severities a check can carry, lowest first (docs/health.md). */
const CHECK_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

const known = (v: unknown): v is CheckSeverity =>
  typeof v === 'string' && (CHECK_SEVERITIES as readonly string[]).includes(v.toLowerCase());

/**
 * A check's severity: its own `severity` field when it has one; else a `severity` label
 * (`severity: critical`); else `critical: "true"`, the label the demo and many canaries use to
 * mark what matters, reads as critical; else info. A check labelled critical is never 'info'.
 */
export function checkSeverity(own: unknown, labels: Record<string, string>): string {
  // A severity the spec states is kept as written (the spec schema checks its values).
  if (typeof own === 'string' && own.trim()) return own;
  const label = labels.severity;
  if (known(label)) return label.toLowerCase() as CheckSeverity;
  if (labels.critical?.toLowerCase() === 'true') return 'critical';
  return 'info';
}
