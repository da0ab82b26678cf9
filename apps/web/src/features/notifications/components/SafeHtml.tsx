import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitizeHtml.js';

/**
 * A message body as HTML. The server sanitises bodies before storing them; they are sanitised
 * again here so that a row written any other way cannot run script in the console.
 */
export function SafeHtml({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      aria-label={label}
      className="prose-sm max-w-none overflow-auto rounded-md border border-line bg-canvas p-3 [&_a]:text-brand-600 [&_a]:underline"
      // Safe: `clean` is the output of the allow-list sanitiser above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
