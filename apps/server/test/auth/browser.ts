import { SMTPServer } from 'smtp-server';

/** A tiny browser for flow tests: keeps cookies, sends JSON or forms, never follows redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetch(
    path: string,
    init: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      accept?: 'json' | 'html';
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    headers.accept = init.accept === 'html' ? 'text/html' : 'application/json';
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const method = init.method ?? (body !== undefined ? 'POST' : 'GET');
    if (method !== 'GET' && headers.origin === undefined) headers.origin = this.base;
    const res = await fetch(path.startsWith('http') ? path : `${this.base}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async json<T = Flow>(
    path: string,
    init: Parameters<Browser['fetch']>[1] = {},
  ): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.fetch(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
  }

  /** Creates a browser flow and returns its JSON. */
  async startFlow(kind: string, query = ''): Promise<{ status: number; body: Flow }> {
    return this.json(`/api/auth/self-service/${kind}/browser${query ? `?${query}` : ''}`);
  }

  /** Submits a flow with its CSRF token plus the given values, as the web app does. */
  submit<T = Flow>(flow: Flow, kind: string, values: Record<string, unknown>) {
    return this.json<T>(`/api/auth/self-service/${kind}?flow=${flow.id}`, {
      json: { csrf_token: csrfOf(flow), ...values },
    });
  }

  /** Signs in with a password through a fresh login flow. */
  async login(email: string, password: string) {
    const { body: flow } = await this.startFlow('login');
    return this.submit<SessionAnswer>(flow, 'login', { method: 'password', identifier: email, password });
  }
}

export type UiText = { id: number; text: string; type: string };
export type Flow = {
  id: string;
  state: string;
  return_to?: string;
  ui: {
    action: string;
    messages?: UiText[];
    nodes: {
      group: string;
      type: string;
      attributes: { name: string; value?: unknown; text?: UiText };
      messages: UiText[];
    }[];
  };
  error?: { id: string; code: number; message: string };
  redirect_browser_to?: string;
};
export type SessionAnswer = {
  session: {
    id: string;
    authenticator_assurance_level: string;
    identity: { id: string; traits: { email: string } };
  };
  error?: { id: string };
};
export type ErrorAnswer = {
  error: { id: string; code: number; message: string };
  redirect_browser_to?: string;
};

export function csrfOf(flow: Flow): string {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token');
  return String(node?.attributes.value ?? '');
}

export function nodeMessages(flow: Flow, name: string): string[] {
  return flow.ui.nodes
    .filter((n) => n.attributes.name === name)
    .flatMap((n) => n.messages.map((m) => m.text));
}

/** An SMTP server on loopback that keeps every message it receives. */
export async function startMailSink(): Promise<{
  url: string;
  mails: string[];
  close(): Promise<void>;
  last(to: string): string;
}> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Undo quoted-printable soft breaks and escapes, enough to read codes and links.
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    last(to: string) {
      const found = [...mails].reverse().find((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
      if (!found) throw new Error(`no mail to ${to}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeIn(mail: string): string {
  const m = /code: (\d{6})/.exec(mail);
  if (!m?.[1]) throw new Error('no code in mail');
  return m[1];
}
