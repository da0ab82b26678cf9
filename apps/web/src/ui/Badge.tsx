import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

export type BadgeTone = 'green' | 'yellow' | 'orange' | 'red' | 'grey' | 'blue';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  grey: 'bg-subtle text-muted',
  blue: 'bg-brand-100 text-brand-700 dark:bg-brand-700/30 dark:text-brand-100',
};

export function Badge({
  tone = 'grey',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex h-5 items-center rounded px-1.5 text-[11px] font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
