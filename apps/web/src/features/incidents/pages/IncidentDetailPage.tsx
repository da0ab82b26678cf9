/** /incidents/{id}: placeholder until the frame lands. */
export function IncidentDetailPage() {
  return null;
}
