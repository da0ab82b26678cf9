/** What a rule's filter can say: a CEL expression over the event's resource. */
export function CelHelp() {
  return (
    <details className="-mt-1 text-xs text-muted">
      <summary className="cursor-pointer select-none">Filter help (CEL)</summary>
      <div className="mt-1 flex flex-col gap-1">
        <p>
          A CEL expression over the event&apos;s resource; the rule sends only when it is true. Leave empty to
          send for every event.
        </p>
        <ul className="list-disc pl-5 font-mono">
          <li>check.type == &apos;http&apos;</li>
          <li>check.name.startsWith(&apos;prod-&apos;)</li>
          <li>
            config.type == &apos;Kubernetes::Pod&apos; &amp;&amp; config.tags[&apos;cluster&apos;] ==
            &apos;prod&apos;
          </li>
          <li>component.labels[&apos;team&apos;] == &apos;payments&apos;</li>
        </ul>
      </div>
    </details>
  );
}
