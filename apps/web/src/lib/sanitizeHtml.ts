import { safeLinkHref } from '@opsdeck/shared';

/**
 * HTML from the server (insight messages, notification bodies) may carry markup. Only a small
 * allow-list of formatting tags survives; everything else (scripts, handlers, styles, unknown
 * tags) is dropped or unwrapped.
 */
const ALLOWED = new Set([
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'CODE',
  'PRE',
  'P',
  'BR',
  'UL',
  'OL',
  'LI',
  'SPAN',
  'DIV',
  'A',
  'H1',
  'H2',
  'H3',
  'H4',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TD',
  'TH',
  'BLOCKQUOTE',
]);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT']);

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (DROP_WITH_CONTENT.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    // Links keep an href only when it is an http(s) URL, mailto, or a path of this console:
    // `//host` and `/\host` (however spelt) would take the reader to another site.
    const href = child.tagName === 'A' ? safeLinkHref(child.getAttribute('href') ?? '') : null;
    for (const attr of [...child.attributes]) child.removeAttribute(attr.name);
    if (href !== null) child.setAttribute('href', href);
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  clean(root);
  return root.innerHTML;
}
