import { useState } from 'react';
import { cn } from '../lib/cn.js';

/**
 * A value cut to one line with an ellipsis; a tap (or Enter) shows it whole, on a phone too,
 * where a `title` tooltip never appears. `title` still gives the full text to a mouse.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  const [whole, setWhole] = useState(false);
  if (!text) return null;
  return (
    <span
      role="button"
      tabIndex={0}
      aria-expanded={whole}
      aria-label={text}
      title={text}
      className={cn('block cursor-pointer', whole ? 'break-words whitespace-normal' : 'truncate', className)}
      onClick={(e) => {
        e.stopPropagation();
        setWhole((w) => !w);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        setWhole((w) => !w);
      }}
    >
      {text}
    </span>
  );
}
