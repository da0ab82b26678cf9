import type { Incident } from '../api/types.js';

/** The Action Plan tab's place; the hypothesis tree component replaces it. */
export function ActionPlanSlot({ incident }: { incident: Incident }) {
  return <section data-testid="action-plan-slot" data-incident={incident.id} />;
}
