import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Comment } from '../api/types.js';
import { renderMentions } from './mentions.js';

/** A hypothesis' comments under its node: folded, or open when the page has ?comments=true. */
export function HypothesisComments({ comments }: { comments: readonly Comment[] }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get('comments') === 'true');
  if (comments.length === 0) return null;
  return (
    <div className="ml-6">
      <button
        type="button"
        className="flex items-center gap-1 text-xs text-muted hover:text-fg"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? (
          <ChevronDown className="size-3.5" aria-hidden />
        ) : (
          <ChevronRight className="size-3.5" aria-hidden />
        )}
        {comments.length === 1 ? '1 comment' : `${comments.length} comments`}
      </button>
      {open ? (
        <ul className="mt-1 flex flex-col gap-1" aria-label="Hypothesis comments">
          {comments.map((c) => (
            <li key={c.id} className="rounded border border-line/60 px-2 py-1 text-[13px]">
              {c.person?.name ? (
                <span className="mr-2 text-xs font-semibold text-muted">{c.person.name}</span>
              ) : null}
              <span className="break-words whitespace-pre-wrap">{renderMentions(c.comment)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
