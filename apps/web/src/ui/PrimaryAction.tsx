import type { LucideIcon } from 'lucide-react';

/** A page's main action in its header (Add …, Invite …). */
export function PrimaryAction({
  icon: Icon,
  label,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="btn btn-primary" onClick={onClick}>
      <Icon className="size-4" aria-hidden /> {label}
    </button>
  );
}
