import type { Page } from '@playwright/test';

/**
 * What a person on a phone would see broken, found in the page itself: the document scrolling
 * sideways; a visible element outside the viewport (not inside something that scrolls sideways
 * on purpose, like a wide table); text cut off without an ellipsis; text drawn over other text.
 * Each problem names the element (tag, its text) so the failure says what to fix.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > vw + 1) problems.push(`the page scrolls sideways (${doc.scrollWidth}px > ${vw}px)`);

    const describe = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const label = el.getAttribute('aria-label') ?? '';
      return `<${el.tagName.toLowerCase()}> "${text || label}"`;
    };
    const styles = new Map<Element, CSSStyleDeclaration>();
    const style = (el: Element) => {
      let s = styles.get(el);
      if (!s) styles.set(el, (s = getComputedStyle(el)));
      return s;
    };
    const shown = (el: Element) => {
      const s = style(el);
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    // Inside a container that scrolls sideways (tables, code, tab strips) an element may sit
    // beyond the viewport: the person scrolls to it.
    const sideways = new Map<Element, boolean>();
    const scrollsSideways = (el: Element): boolean => {
      const a = el.parentElement;
      if (!a || a === document.body) return false;
      let known = sideways.get(a);
      if (known === undefined) {
        const s = style(a);
        const scrolls =
          (s.overflowX === 'auto' || s.overflowX === 'scroll') && a.scrollWidth > a.clientWidth + 1;
        known = scrolls || scrollsSideways(a);
        sideways.set(a, known);
      }
      return known;
    };
    // Overlays (toasts, menus, tooltips, the graph canvas) are drawn over the page on purpose.
    const OVERLAY =
      '[data-sonner-toaster], [role="tooltip"], .react-flow, [data-radix-popper-content-wrapper]';

    // With a dialog open, the page behind it is covered on purpose: check the dialog alone.
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    const inScope = (el: Element) => dialogs.length === 0 || dialogs.some((d) => d.contains(el));
    const all = [...document.querySelectorAll('body *')]
      .filter(inScope)
      .filter(
        (el) => !(el instanceof SVGElement && el.tagName !== 'svg') && !el.closest(OVERLAY) && shown(el),
      );
    for (const el of all) {
      const r = el.getBoundingClientRect();
      if ((r.left < -1 || r.right > vw + 1) && !scrollsSideways(el)) {
        // Report the outermost offender only.
        const parent = el.parentElement?.getBoundingClientRect();
        if (!parent || (parent.left >= -1 && parent.right <= vw + 1))
          problems.push(
            `${describe(el)} is outside the screen (${Math.round(r.left)}…${Math.round(r.right)}px)`,
          );
      }
    }

    // Text of its own, cut off by its box without an ellipsis (truncate is fine: the full text is a tap away).
    const withText = all.filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()),
    );
    for (const el of withText) {
      const s = style(el);
      const clipsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      if (clipsX && s.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 2)
        problems.push(`${describe(el)} is cut off at its right edge`);
      else if (
        clipsY &&
        !s.webkitLineClamp?.match(/\d/) &&
        el.scrollHeight > el.clientHeight + 2 &&
        el.clientHeight > 0
      )
        problems.push(`${describe(el)} is cut off at its bottom edge`);
    }

    // A box that clips its content down to (almost) nothing: a section collapsed to zero height
    // with its text hidden or drawn under the next one.
    for (const el of all) {
      const s = style(el);
      if (s.overflowY === 'visible' || el.clientWidth === 0) continue;
      if (el.clientHeight < 16 && el.scrollHeight > el.clientHeight + 12)
        problems.push(`${describe(el)} collapses to ${el.clientHeight}px, hiding its content`);
    }

    // What of an element can be seen: its box cut by every ancestor that clips (overflow).
    const clips = new Map<Element, DOMRect | null>();
    const clipOf = (el: Element): DOMRect | null => {
      const a = el.parentElement;
      if (!a || a === document.body) return null;
      if (clips.has(a)) return clips.get(a) ?? null;
      const outer = clipOf(a);
      const s = style(a);
      let clip = outer;
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const r = a.getBoundingClientRect();
        clip = outer
          ? new DOMRect(
              Math.max(r.left, outer.left),
              Math.max(r.top, outer.top),
              Math.max(0, Math.min(r.right, outer.right) - Math.max(r.left, outer.left)),
              Math.max(0, Math.min(r.bottom, outer.bottom) - Math.max(r.top, outer.top)),
            )
          : r;
      }
      clips.set(a, clip);
      return clip;
    };
    const visiblePart = (r: DOMRect, clip: DOMRect | null): DOMRect => {
      if (!clip) return r;
      const left = Math.max(r.left, clip.left);
      const top = Math.max(r.top, clip.top);
      return new DOMRect(
        left,
        top,
        Math.max(0, Math.min(r.right, clip.right) - left),
        Math.max(0, Math.min(r.bottom, clip.bottom) - top),
      );
    };

    // Text drawn over other text: the visible parts of two text runs intersect (neither holds the other).
    const runs = withText
      .filter((el) => style(el).position !== 'fixed')
      .map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const s = style(el);
        // Its own box clips too when it truncates (the range spans the whole text).
        const own =
          s.overflowX !== 'visible' || s.overflowY !== 'visible' ? el.getBoundingClientRect() : null;
        return { el, r: visiblePart(visiblePart(range.getBoundingClientRect(), own), clipOf(el)) };
      })
      .filter(({ r }) => r.width > 2 && r.height > 2)
      .sort((a, b) => a.r.top - b.r.top);
    // A sweep from the top: only runs that start above another's bottom can overlap it.
    for (let i = 0; i < runs.length; i++) {
      const a = runs[i]!;
      for (let j = i + 1; j < runs.length && runs[j]!.r.top < a.r.bottom; j++) {
        const b = runs[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 4 && h > 4) problems.push(`${describe(a.el)} overlaps ${describe(b.el)}`);
      }
    }
    return [...new Set(problems)];
  });
}

/**
 * Controls drawn with the platform's own look beside the app's: a select showing the browser's
 * arrow, a checkbox or radio button not in the brand colour (index.css styles them all).
 */
export async function platformControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const brand = 'rgb(79, 70, 229)';
    const problems: string[] = [];
    const name = (el: Element) =>
      el.getAttribute('aria-label') ??
      (el.closest('label')?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    for (const el of document.querySelectorAll('select, input[type="checkbox"], input[type="radio"]')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      if (el.tagName === 'SELECT' && s.appearance !== 'none')
        problems.push(`<select> "${name(el)}" shows the browser's own arrow`);
      if (el.tagName === 'INPUT' && s.accentColor !== brand)
        problems.push(
          `<input type=${(el as HTMLInputElement).type}> "${name(el)}" is not in the brand colour`,
        );
    }
    return problems;
  });
}
