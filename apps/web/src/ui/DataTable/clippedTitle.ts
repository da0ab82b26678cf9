import type { MouseEvent } from 'react';

/** Marks a title this module set, so it can be taken back when the text fits again. */
const AUTO = 'autoTitle';

function isClipped(el: Element): boolean {
  return el.scrollWidth > el.clientWidth;
}

/**
 * On hover, a cell whose text is cut off (by its own `truncate` or an inner one) gets the full
 * text as its tooltip. Measured on hover, not on render: widths change as columns are resized.
 */
export function titleIfClipped(e: MouseEvent<HTMLElement>): void {
  const el = e.currentTarget;
  const clipped = isClipped(el) || Array.from(el.querySelectorAll('.truncate')).some(isClipped);
  const text = el.textContent?.trim() ?? '';
  if (clipped && text && (!el.title || el.dataset[AUTO])) {
    el.title = text;
    el.dataset[AUTO] = '1';
  } else if (!clipped && el.dataset[AUTO]) {
    el.removeAttribute('title');
    delete el.dataset[AUTO];
  }
}
