/** Direction toggles of the Relationships tab. */
export type RelationToggles = { outgoing: boolean; incoming: boolean; soft: boolean };

export const DEFAULT_TOGGLES: RelationToggles = { outgoing: true, incoming: true, soft: true };

/** Turning Incoming off forces Outgoing on. */
export function setIncoming(t: RelationToggles, incoming: boolean): RelationToggles {
  return { ...t, incoming, outgoing: incoming ? t.outgoing : true };
}

/** Outgoing can only change while Incoming is on (else nothing would be shown). */
export function outgoingDisabled(t: RelationToggles): boolean {
  return !t.incoming;
}

export function setOutgoing(t: RelationToggles, outgoing: boolean): RelationToggles {
  if (outgoingDisabled(t)) return t;
  return { ...t, outgoing };
}

/** The RPC's type_filter for the toggles. */
export function typeFilter(t: RelationToggles): 'all' | 'incoming' | 'outgoing' {
  if (t.incoming && t.outgoing) return 'all';
  return t.incoming ? 'incoming' : 'outgoing';
}

/** The RPC's relation mode: 'both' follows parent links (soft) too, 'hard' only relationships. */
export function relationMode(t: RelationToggles): 'both' | 'hard' {
  return t.soft ? 'both' : 'hard';
}

export function readToggles(p: URLSearchParams): RelationToggles {
  const flag = (k: string, d: boolean) => (p.get(k) === null ? d : p.get(k) === 'true');
  const incoming = flag('incoming', DEFAULT_TOGGLES.incoming);
  return {
    incoming,
    outgoing: incoming ? flag('outgoing', DEFAULT_TOGGLES.outgoing) : true,
    soft: flag('soft', DEFAULT_TOGGLES.soft),
  };
}
