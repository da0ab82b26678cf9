// The few parts of oidc-provider (which ships no types) that the loopback OpenID Provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type KoaContext = { path: string; method: string; body: unknown; status: number };
  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
  export type Grant = {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  export type GrantContext = {
    oidc: {
      client: { clientId: string };
      session: { accountId: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: Middleware): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    Grant: {
      new (init: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
  }
}
