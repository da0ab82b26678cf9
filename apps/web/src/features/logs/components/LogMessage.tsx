import { messageParts } from '../lib/links.js';

/** A log message, wrapped; http(s) URLs in it are links opening in a new tab. */
export function LogMessage({ message }: { message: string }) {
  return (
    <div className="font-mono text-xs break-all whitespace-pre-wrap">
      {messageParts(message).map((p, i) =>
        p.href ? (
          <a
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-600 hover:underline"
          >
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </div>
  );
}
