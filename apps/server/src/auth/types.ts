import type { Action, Resource, Role } from '@opsdeck/shared';

/** How a request proved who it is. */
export type AuthMethod = 'session' | 'token' | 'basic' | 'none' | 'kratos';

/** The person a request acts as. Roles are read from the database once per request. */
export type Principal = {
  personId: string;
  method: AuthMethod;
  /** The session id when the request came with a session cookie. */
  sessionId?: string;
  roles(): Promise<Role[]>;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every /api request that carried valid credentials. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Route-level permission, checked by the auth hook: `{ config: { permission: ['canaries', 'write'] } }`. */
    permission?: readonly [Resource, Action];
  }
}
