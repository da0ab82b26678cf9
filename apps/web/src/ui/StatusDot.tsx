import { cn } from '../lib/cn.js';
import { HEALTH_CLASS, healthColour } from './health.js';

type StatusDotProps = { status?: string | null; good?: boolean; label?: string; className?: string };

/** A small coloured dot for a health status; its colour name is exposed for tests and screen readers. */
export function StatusDot({ status, good, label, className }: StatusDotProps) {
  const colour = healthColour(status, good);
  return (
    <span
      role="img"
      aria-label={label ?? status ?? colour}
      data-colour={colour}
      className={cn('inline-block size-2.5 shrink-0 rounded-full', HEALTH_CLASS[colour], className)}
    />
  );
}
