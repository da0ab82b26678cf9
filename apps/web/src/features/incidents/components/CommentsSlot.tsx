import type { Incident } from '../api/types.js';

/** The Comments tab's place; the timeline component replaces it. */
export function CommentsSlot({ incident }: { incident: Incident }) {
  return <section data-testid="comments-slot" data-incident={incident.id} />;
}
