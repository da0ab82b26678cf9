import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Badge } from '../../../ui/Badge.js';
import { createComment } from './api.js';
import { renderMentions } from './mentions.js';
import { MentionTextarea } from './MentionTextarea.js';
import { PART_TEXT } from './texts.js';
import type { Comment, PartProps } from './types.js';

type Entry = Comment & { hypothesisTitle: string | null; pending?: boolean };

function time(c: Comment): number {
  return c.created_at ? new Date(c.created_at).getTime() : Number.MAX_SAFE_INTEGER;
}

/** The 'Comments' tab: every hypothesis' comments in time order, and the composer. */
export function CommentsTimeline({ incident, onChanged }: PartProps) {
  const canWrite = useHasPermission('comments', 'write');
  const [pending, setPending] = useState<Entry[]>([]);
  const [hypothesisId, setHypothesisId] = useState('');
  const [text, setText] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [sending, setSending] = useState(false);

  const entries = useMemo(() => {
    const saved: Entry[] = incident.hypotheses.flatMap((h) =>
      h.comments.map((c) => ({ ...c, hypothesisTitle: h.title })),
    );
    const ids = new Set(saved.map((c) => c.id));
    // An optimistic entry goes once the refetched incident has it.
    return [...saved, ...pending.filter((p) => !ids.has(p.id))].sort((a, b) => time(a) - time(b));
  }, [incident.hypotheses, pending]);

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!hypothesisId) return void toast.error(PART_TEXT.selectHypothesis, { duration: TOAST_MS });
    const comment = text.trim();
    if (!comment) return void toast.error(PART_TEXT.addCommentDetails, { duration: TOAST_MS });
    const body = {
      id: crypto.randomUUID(),
      incident_id: incident.id,
      hypothesis_id: hypothesisId,
      comment,
      kind: isPublic ? ('public_update' as const) : ('comment' as const),
    };
    const title = incident.hypotheses.find((h) => h.id === hypothesisId)?.title ?? null;
    setPending((p) => [
      ...p,
      {
        ...body,
        created_by: null,
        created_at: new Date().toISOString(),
        hypothesisTitle: title,
        pending: true,
      },
    ]);
    setText('');
    setIsPublic(false);
    setSending(true);
    try {
      await createComment(body);
      onChanged();
    } catch (err) {
      setPending((p) => p.filter((c) => c.id !== body.id));
      toast.error(errorMessage(err), { duration: TOAST_MS });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-label="Comments" className="flex flex-col gap-3">
      <ol aria-label="Timeline" className="flex flex-col gap-2">
        {entries.map((c) => (
          <li
            key={c.id}
            aria-busy={c.pending || undefined}
            className="flex gap-2 rounded-md border border-line p-2"
          >
            <Avatar name={c.person?.name ?? null} src={c.person?.avatar ?? null} size="sm" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap gap-2 text-xs text-muted">
                {c.person?.name ? <span className="font-semibold">{c.person.name}</span> : null}
                {c.hypothesisTitle ? <span>{c.hypothesisTitle}</span> : null}
                {c.created_at ? (
                  <time dateTime={c.created_at}>{new Date(c.created_at).toLocaleString()}</time>
                ) : null}
                {c.kind === 'public_update' ? <Badge tone="blue">Public update</Badge> : null}
                {c.edited_at ? (
                  <span title={`Edited ${new Date(c.edited_at).toLocaleString()}`}>(edited)</span>
                ) : null}
              </div>
              <p className="break-words whitespace-pre-wrap">{renderMentions(c.comment)}</p>
            </div>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form onSubmit={(e) => void send(e)} className="flex flex-col gap-2">
          <select
            aria-label="Hypothesis"
            className="input"
            value={hypothesisId}
            onChange={(e) => setHypothesisId(e.target.value)}
          >
            <option value="">Select hypothesis</option>
            {incident.hypotheses.map((h) => (
              <option key={h.id} value={h.id}>
                {h.title ?? h.type}
              </option>
            ))}
          </select>
          <MentionTextarea
            label="Comment"
            value={text}
            onChange={setText}
            placeholder="Add a comment, @ to mention"
          />
          <div className="flex items-center justify-between gap-2">
            <label
              className="flex items-center gap-2 text-sm"
              title="Shown on the public status pages that include a check or component this incident concerns"
            >
              <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
              Public update (shown on status pages)
            </label>
            <button type="submit" className="btn btn-primary" disabled={!text || sending}>
              Send
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
