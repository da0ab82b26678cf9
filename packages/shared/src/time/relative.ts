import { DURATION_UNIT_MS } from './duration.js';

/**
 * Relative time expressions: `now`, `now-2d`, `now+1h`, `now/d`, `now-1w/w`.
 * `+` and `-` take a number and a unit; `/` rounds to the start (or, for the end of a range,
 * the end) of that unit. Units: ms s m h d w M y. Rounding uses the local calendar, so
 * "today" means the user's day.
 */
export const RELATIVE_UNITS = ['ms', 's', 'm', 'h', 'd', 'w', 'M', 'y'] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

export class InvalidRelativeTimeError extends Error {
  constructor(expr: string) {
    super('Invalid relative time range');
    this.name = 'InvalidRelativeTimeError';
    this.expression = expr;
  }
  readonly expression: string;
}

type Step = { kind: 'add'; amount: number; unit: RelativeUnit } | { kind: 'round'; unit: RelativeUnit };

const STEP = /([+-])(\d+)(ms|s|m|h|d|w|M|y)|\/(ms|s|m|h|d|w|M|y)/y;

/** Splits an expression into steps; throws InvalidRelativeTimeError for anything else. */
export function parseRelativeSteps(expr: string): Step[] {
  const text = expr.trim();
  if (!text.startsWith('now')) throw new InvalidRelativeTimeError(expr);
  const steps: Step[] = [];
  STEP.lastIndex = 3;
  while (STEP.lastIndex < text.length) {
    const start = STEP.lastIndex;
    const m = STEP.exec(text);
    if (!m || m.index !== start) throw new InvalidRelativeTimeError(expr);
    if (m[4]) steps.push({ kind: 'round', unit: m[4] as RelativeUnit });
    else {
      const sign = m[1] === '-' ? -1 : 1;
      steps.push({ kind: 'add', amount: sign * Number(m[2]), unit: m[3] as RelativeUnit });
    }
  }
  return steps;
}

export function isRelativeExpression(expr: string): boolean {
  try {
    parseRelativeSteps(expr);
    return true;
  } catch {
    return false;
  }
}

function add(date: Date, amount: number, unit: RelativeUnit): Date {
  const d = new Date(date.getTime());
  if (unit === 'd') d.setDate(d.getDate() + amount);
  else if (unit === 'w') d.setDate(d.getDate() + amount * 7);
  else if (unit === 'M') d.setMonth(d.getMonth() + amount);
  else if (unit === 'y') d.setFullYear(d.getFullYear() + amount);
  else d.setTime(d.getTime() + amount * DURATION_UNIT_MS[unit]);
  return d;
}

/** The start of the unit containing `date` (weeks start on Monday). */
function startOf(date: Date, unit: RelativeUnit): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'y':
      d.setMonth(0, 1);
      d.setHours(0, 0, 0, 0);
      break;
    case 'M':
      d.setDate(1);
      d.setHours(0, 0, 0, 0);
      break;
    case 'w': {
      const sinceMonday = (d.getDay() + 6) % 7;
      d.setDate(d.getDate() - sinceMonday);
      d.setHours(0, 0, 0, 0);
      break;
    }
    case 'd':
      d.setHours(0, 0, 0, 0);
      break;
    case 'h':
      d.setMinutes(0, 0, 0);
      break;
    case 'm':
      d.setSeconds(0, 0);
      break;
    case 's':
      d.setMilliseconds(0);
      break;
    case 'ms':
      break;
  }
  return d;
}

/** The last millisecond of the unit containing `date`. */
function endOf(date: Date, unit: RelativeUnit): Date {
  if (unit === 'ms') return new Date(date.getTime());
  return new Date(add(startOf(date, unit), 1, unit).getTime() - 1);
}

/**
 * Resolves an expression against `now`. `roundUp` is for the end of a range: `now/d` then
 * means the end of today rather than its start.
 */
export function resolveRelative(expr: string, now: Date = new Date(), roundUp = false): Date {
  let d = new Date(now.getTime());
  for (const step of parseRelativeSteps(expr)) {
    if (step.kind === 'add') d = add(d, step.amount, step.unit);
    else d = roundUp ? endOf(d, step.unit) : startOf(d, step.unit);
  }
  return d;
}
