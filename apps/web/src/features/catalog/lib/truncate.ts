/** Insight messages are cut at 500 characters. */
export const INSIGHT_MESSAGE_LIMIT = 500;

export function truncateText(text: string | null | undefined, limit = INSIGHT_MESSAGE_LIMIT): string {
  const t = text ?? '';
  return t.length > limit ? `${t.slice(0, limit)}…` : t;
}
