import type { UiText } from '../api/flows.js';
import { messageText } from '../api/ownWords.js';
import { cn } from '../../../lib/cn.js';

const TONE: Record<string, string> = {
  error: 'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200',
  success:
    'border-green-300 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200',
  info: 'border-line bg-subtle text-fg',
};

/** Messages of a flow (top of the form) or a page-level notice. */
export function FlowMessages({ messages }: { messages: UiText[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="space-y-2">
      {messages.map((m, i) => (
        <div
          key={`${m.id ?? i}-${m.text}`}
          role={m.type === 'error' ? 'alert' : 'status'}
          className={cn('rounded-md border px-3 py-2 text-sm', TONE[m.type] ?? TONE.info)}
          data-message-id={m.id}
        >
          {messageText(m)}
        </div>
      ))}
    </div>
  );
}
