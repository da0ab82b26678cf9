/** User-visible texts of the incident detail parts, as the product writes them. */
export const PART_TEXT = {
  fetchingTree: 'fetching tree...',
  addHypothesis: 'Add hypothesis',
  disprove: 'Disprove Hypothesis',
  markResolved: 'Mark as resolved',
  markNotResolved: 'Mark as not resolved',
  removeDodTitle: 'Remove from definition of done ?',
  removeDodBody: 'Are you sure you want to remove the evidence from definition of done ?',
  removeDodFailed: 'Removing evidence from definition of done failed',
  deleteEvidenceFailed: 'Evidence delete failed',
  addDodFailed: 'Marking evidence as part of definition of done failed',
  noEvidence: 'There are no evidences provided for this incident',
  selectHypothesis: 'Please select any hypothesis',
  addCommentDetails: 'Please add comment details',
  addDod: 'Add Definition of Done',
  adding: 'Adding ...',
  invalidValue: 'Please provide valid value',
  noResponderTypes: 'There were no responders configured for this team',
  responderAdded: 'Responder added successfully',
  responderDeleted: 'Responder deleted successfully',
  deleteResponderTitle: 'Delete Responder ?',
  deleteResponderBody: 'Are you sure you want to delete the responder ?',
} as const;

/** Hypothesis statuses as the dropdown shows them (capitalised). */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
