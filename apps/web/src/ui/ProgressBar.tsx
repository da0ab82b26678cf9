import { cn } from '../lib/cn.js';

/** The drawn width: clamped between 5 and 100 percent so that a small value stays visible. */
export function progressWidth(percent: number): number {
  if (!Number.isFinite(percent)) return 5;
  return Math.min(100, Math.max(5, percent));
}

type ProgressBarProps = { value: number; label?: string; className?: string; barClassName?: string };

export function ProgressBar({ value, label, className, barClassName }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-valuenow={Math.round(value)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-subtle', className)}
    >
      <div
        className={cn('h-full rounded-full bg-brand-600', barClassName)}
        style={{ width: `${progressWidth(value)}%` }}
      />
    </div>
  );
}
