import { TEST_MESSAGE_NOUNS, type TestMessageAnswer } from '@opsdeck/shared';

/** What the rule dialog's Send test did: the title sent, about which resource, and each recipient's outcome. */
export function TestMessageResult({ answer }: { answer: TestMessageAnswer }) {
  const { event, resource, title, results, passesFilter } = answer;
  return (
    // Announced when it appears: it comes after a click, below the fields.
    <section
      aria-label="Test message"
      aria-live="polite"
      className="rounded-md border border-line p-3 text-sm"
    >
      <p>
        Test message for <code>{event}</code> about the {TEST_MESSAGE_NOUNS[resource.type] ?? resource.type}{' '}
        <strong>{resource.name}</strong>: “{title}”
      </p>
      {passesFilter ? null : (
        <p className="text-muted">
          None of the latest passes the rule's filter: this is the latest, which the rule would skip.
        </p>
      )}
      <ul className="mt-1 space-y-0.5">
        {results.map((r, i) => (
          <li key={`${i}-${r.recipient}`}>
            {r.status === 'sent' ? (
              <>Sent to {r.recipient}</>
            ) : (
              <span className="text-red-800 dark:text-red-300">
                Not sent to {r.recipient}: {r.error ?? 'delivery failed'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
