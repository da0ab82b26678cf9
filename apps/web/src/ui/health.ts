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
 * Uptime text colour as an operator reads it: green only when every run passed, orange below
 * 99 %, red below 90 %; 99–100 % (a rare failure) keeps the plain text colour.
 */
export function uptimeTextClass(value: number): string {
  if (value >= 100) return 'text-health-healthy';
  if (value < 90) return 'text-health-unhealthy';
  if (value < 99) return 'text-health-warning';
  return '';
}
