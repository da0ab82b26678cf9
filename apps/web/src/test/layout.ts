import { vi } from 'vitest';

/**
 * happy-dom lays nothing out, so a virtual table draws no rows: every element becomes a scroll
 * box showing `box` px of `content` px, and every measured row `row` px high. Undone by
 * vi.restoreAllMocks().
 */
export function fakeLayout({
  row = 45,
  box = 600,
  content = 0,
}: { row?: number; box?: number; content?: number } = {}) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(box);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(row);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, row));
}
