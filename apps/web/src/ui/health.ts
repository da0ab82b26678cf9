/** Health dot colours (rules in `healthColour`). */
export type HealthColour = 'red' | 'grey' | 'orange' | 'green';

const RED = new Set(['degraded', 'missing', 'unhealthy', 'failed', 'error']);
const GREY = new Set(['unknown', 'suspended']);
const ORANGE = new Set(['warning', 'warn', 'mixed']);

/**
 * Red for degraded, missing or unhealthy (or when good is false); grey for unknown or
 * suspended; orange for warning, warn or mixed; otherwise green.
 */
export function healthColour(status: string | null | undefined, good?: boolean): HealthColour {
  const s = (status ?? '').toLowerCase();
  if (good === false || RED.has(s)) return 'red';
  if (GREY.has(s) || (!s && good === undefined)) return 'grey';
  if (ORANGE.has(s)) return 'orange';
  return 'green';
}

export const HEALTH_CLASS: Record<HealthColour, string> = {
  red: 'bg-health-unhealthy',
  grey: 'bg-health-unknown',
  orange: 'bg-health-warning',
  green: 'bg-health-healthy',
};

/**
 * Uptime text colour (doc 1 §4: "orange above 75 and red above 90"). Read literally on the
 * uptime itself the sentence would paint a perfect check red, so the thresholds are read on the
 * side that grows as a check gets worse — the share of failed runs: red when more than 90 % of
 * the runs in the window failed, orange when more than 75 % did; green when none failed; the
 * plain text colour in between.
 */
export function uptimeTextClass(value: number): string {
  if (value >= 100) return 'text-health-healthy';
  const failed = 100 - value;
  if (failed > 90) return 'text-health-unhealthy';
  if (failed > 75) return 'text-health-warning';
  return '';
}
