import { cn } from '../lib/cn.js';

/** Initials of up to 2 words: 'Maya Okafor' → 'MO', 'platform' → 'P'. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

// The 700 shades: white initials on them meet WCAG AA (4.5:1) at the avatar's small size.
const PALETTE = [
  'bg-indigo-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-700',
  'bg-sky-700',
  'bg-violet-700',
  'bg-teal-700',
];

function colourFor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? 'bg-indigo-700';
}

type AvatarProps = {
  name?: string | null;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const SIZES = { sm: 'size-6 text-[10px]', md: 'size-7 text-[11px]', lg: 'size-9 text-sm' };

export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const label = name ?? '';
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ring-2 ring-surface',
    SIZES[size],
    className,
  );
  if (src) return <img src={src} alt={label} title={label} className={cn(classes, 'object-cover')} />;
  return (
    <span role="img" aria-label={label} title={label} className={cn(classes, colourFor(label))}>
      {initials(label) || '?'}
    </span>
  );
}

export const AVATAR_STACK_MAX = 5;

/** Overlapping avatars, at most 5, then '+N'. */
export function AvatarStack({
  people,
  max = AVATAR_STACK_MAX,
}: {
  people: Array<{ id?: string; name?: string | null; avatar?: string | null }>;
  max?: number;
}) {
  const shown = people.slice(0, Math.min(max, AVATAR_STACK_MAX));
  const rest = people.length - shown.length;
  return (
    <span className="inline-flex items-center -space-x-1.5">
      {shown.map((p, i) => (
        <Avatar key={p.id ?? i} name={p.name} src={p.avatar} size="sm" />
      ))}
      {rest > 0 ? (
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-subtle text-[10px] font-semibold text-muted ring-2 ring-surface">
          +{rest}
        </span>
      ) : null}
    </span>
  );
}
