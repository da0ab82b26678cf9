import { useEffect, useRef, useState } from 'react';
import { Avatar, AVATAR_STACK_MAX } from '../../../ui/Avatar.js';
import type { ResponderRef } from '../api/types.js';

/** The responder popover opens, and closes, this long after the pointer enters or leaves. */
export const POPOVER_DELAY_MS = 1000;

function responderName(r: ResponderRef): string {
  return r.person?.name ?? r.team?.name ?? 'Responder';
}

function ResponderAvatar({ responder }: { responder: ResponderRef }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const later = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), POPOVER_DELAY_MS);
  };
  const name = responderName(responder);
  return (
    <span
      className="relative inline-flex"
      data-testid="responder"
      onMouseEnter={() => later(true)}
      onMouseLeave={() => later(false)}
    >
      <Avatar name={name} src={responder.person?.avatar ?? null} size="sm" />
      {open ? (
        <span
          role="tooltip"
          className="absolute top-full left-0 z-20 mt-1 rounded-md border border-line bg-surface px-2 py-1 text-xs whitespace-nowrap shadow-lg"
        >
          <span className="font-semibold">{name}</span>
          {responder.team ? <span className="ml-1 text-muted">(team)</span> : null}
        </span>
      ) : null}
    </span>
  );
}

/** At most 5 responder avatars, then '+N'; hovering one shows who it is after a second. */
export function ResponderAvatars({ responders }: { responders: ResponderRef[] }) {
  const shown = responders.slice(0, AVATAR_STACK_MAX);
  const rest = responders.length - shown.length;
  return (
    // Clicks on an avatar are not row clicks.
    <span className="inline-flex items-center -space-x-1.5" onClick={(e) => e.stopPropagation()}>
      {shown.map((r) => (
        <ResponderAvatar key={r.id} responder={r} />
      ))}
      {rest > 0 ? (
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-subtle text-[10px] font-semibold text-muted ring-2 ring-surface">
          +{rest}
        </span>
      ) : null}
    </span>
  );
}
