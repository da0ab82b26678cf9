import { z } from 'zod';
import type { TopologyComponent } from '../api/types.js';

/** Card widths (px). */
export const CARD_SIZES = { small: 198, medium: 258, large: 356, extra_large: 554 } as const;
export const CARD_WIDTH_KEY = 'topology_card_width';
export const CARD_WIDTH_MIN = 250;
export const CARD_WIDTH_MAX = 768;
export const CARD_WIDTH_STEP = 2;
export const DEFAULT_CARD_WIDTH = CARD_SIZES.extra_large;
export const cardWidthSchema = z.number().int().min(CARD_SIZES.small).max(CARD_WIDTH_MAX);

/** 'Show more' limits of a card: property items, then summary items. */
export const PROPERTY_LIMIT = 6;
export const SUMMARY_LIMIT = 5;

const RANK: Record<string, number> = { unhealthy: 0, warning: 1, healthy: 2 };

/** Children: unhealthy first, then warning, then healthy (anything else after), then by name. */
export function sortChildren(children: readonly TopologyComponent[]): TopologyComponent[] {
  return [...children].sort(
    (a, b) => (RANK[a.status] ?? 3) - (RANK[b.status] ?? 3) || a.name.localeCompare(b.name),
  );
}

/** Red border for unhealthy, orange for warning, the usual line otherwise. */
export function cardBorderClass(status: string | null | undefined): string {
  if (status === 'unhealthy') return 'border-health-unhealthy';
  if (status === 'warning') return 'border-health-warning';
  return 'border-line';
}

/** The properties a card shows in its header row: headline ones. */
export function headlineProperties(c: TopologyComponent) {
  return c.properties.filter((p) => p.headline);
}

export function propertyText(p: {
  text?: string | null;
  value?: number | string | null;
  unit?: string | null;
}): string {
  if (p.text) return p.text;
  if (p.value === null || p.value === undefined) return '';
  return `${p.value}${p.unit ? ` ${p.unit}` : ''}`;
}

/** `/topology/{id}` with the carried parameters and the referer (the page the card is on). */
export function componentHref(id: string, refererId: string | undefined, carry = ''): string {
  const q = new URLSearchParams(carry);
  q.delete('refererId');
  if (refererId) q.set('refererId', refererId);
  const qs = q.toString();
  return `/topology/${id}${qs ? `?${qs}` : ''}`;
}
