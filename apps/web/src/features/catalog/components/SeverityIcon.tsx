import { AlertCircle, AlertOctagon, AlertTriangle, Info } from 'lucide-react';

/** Severity as an icon: critical and high red, medium and low orange, info grey. */
export function SeverityIcon({ severity }: { severity: string | null | undefined }) {
  const s = (severity ?? 'info').toLowerCase();
  const label = s || 'info';
  if (s === 'critical')
    return <AlertOctagon className="size-4 text-health-unhealthy" aria-label={label} role="img" />;
  if (s === 'high')
    return <AlertCircle className="size-4 text-health-unhealthy" aria-label={label} role="img" />;
  if (s === 'medium' || s === 'low')
    return <AlertTriangle className="size-4 text-health-warning" aria-label={label} role="img" />;
  return <Info className="size-4 text-muted" aria-label={label} role="img" />;
}
