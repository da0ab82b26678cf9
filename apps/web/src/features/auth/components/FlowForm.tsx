import type { FormEvent } from 'react';
import { cn } from '../../../lib/cn.js';
import type { UiNode } from '../api/flows.js';
import { messageText } from '../api/ownWords.js';
import { OtpQrCode } from './OtpQrCode.js';

type FlowFormProps = {
  nodes: UiNode[];
  /** Only these node groups (plus 'default', which holds the csrf token). */
  groups?: string[];
  busy?: boolean;
  /** Auto-width buttons (settings cards) instead of full-width ones (sign-in cards). */
  inline?: boolean;
  /** Values typed in for the user (`/login?username=&password=`), by node name. */
  prefill?: Readonly<Record<string, string>> | undefined;
  onSubmit: (values: Record<string, string>) => void;
};

function valueOf(n: UiNode): string {
  const v = n.attributes.value;
  return v === undefined || v === null ? '' : String(v);
}

function FieldError({ node }: { node: UiNode }) {
  if (node.messages.length === 0) return null;
  return (
    <>
      {node.messages.map((m) => (
        <p key={`${m.id ?? ''}${m.text}`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {messageText(m)}
        </p>
      ))}
    </>
  );
}

function TextNode({ node }: { node: UiNode }) {
  const text = node.attributes.text?.text ?? '';
  const isUrl = /^otpauth:/.test(text);
  return (
    <div className="space-y-1">
      {isUrl ? <OtpQrCode url={text} /> : null}
      {node.meta.label ? <div className="text-xs text-muted">{node.meta.label.text}</div> : null}
      <code
        data-node={node.attributes.name}
        className={
          isUrl
            ? 'block rounded-md border border-line bg-subtle px-2 py-1.5 text-[11px] break-all'
            : 'block rounded-md border border-line bg-subtle px-2 py-1.5 font-mono text-sm tracking-wider break-all'
        }
      >
        {text}
      </code>
    </div>
  );
}

function InputNode({
  node,
  busy,
  inline,
  prefill,
}: {
  node: UiNode;
  busy: boolean;
  inline: boolean;
  prefill: string | undefined;
}) {
  const a = node.attributes;
  if (a.type === 'hidden') return <input type="hidden" name={a.name} defaultValue={valueOf(node)} />;
  if (a.type === 'submit' || a.type === 'button')
    return (
      <button
        type="submit"
        name={a.name}
        value={valueOf(node)}
        disabled={busy || a.disabled}
        className={cn(
          a.name === 'method' ? 'btn btn-primary' : 'btn',
          inline ? 'mr-2' : 'w-full justify-center',
        )}
      >
        {node.meta.label?.text ?? valueOf(node)}
      </button>
    );
  const id = `node-${a.name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {node.meta.label?.text ?? a.name}
      </label>
      <input
        id={id}
        className="input w-full"
        name={a.name}
        type={a.type}
        defaultValue={prefill ?? (a.type === 'password' ? undefined : valueOf(node))}
        required={a.required}
        disabled={a.disabled}
        autoComplete={a.autocomplete}
        aria-invalid={node.messages.some((m) => m.type === 'error') || undefined}
      />
      <FieldError node={node} />
    </div>
  );
}

/** Renders a flow's ui.nodes generically: inputs by type, text (TOTP secret), submit buttons. */
export function FlowForm({ nodes, groups, busy = false, inline = false, prefill, onSubmit }: FlowFormProps) {
  const shown = groups ? nodes.filter((n) => n.group === 'default' || groups.includes(n.group)) : nodes;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter instanceof HTMLButtonElement ? submitter : null);
    const values: Record<string, string> = {};
    data.forEach((v, k) => {
      if (typeof v === 'string') values[k] = v;
    });
    onSubmit(values);
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {shown.map((n, i) => {
        const key = `${n.group}-${n.attributes.name}-${i}`;
        if (n.type === 'text') return <TextNode key={key} node={n} />;
        if (n.type === 'img' && n.attributes.src)
          return <img key={key} src={n.attributes.src} alt={n.meta.label?.text ?? ''} className="mx-auto" />;
        if (n.type !== 'input') return null;
        const given = prefill?.[n.attributes.name];
        return <InputNode key={key} node={n} busy={busy} inline={inline} prefill={given || undefined} />;
      })}
    </form>
  );
}
