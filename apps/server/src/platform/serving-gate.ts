import type { FastifyInstance } from 'fastify';

/**
 * Why this process must stop serving, once something makes it unsafe to go on (the database
 * was migrated by a newer Opsdeck during a rolling upgrade). Until then it is open.
 */
export class ServingGate {
  #refusal: string | undefined;

  get refusal(): string | undefined {
    return this.#refusal;
  }

  /** The first reason sticks: a process does not come back from it, it is replaced. */
  refuse(reason: string): void {
    this.#refusal ??= reason;
  }
}

/** Seconds a client is asked to wait: another replica (the new version) is meant to answer. */
const REFUSED_RETRY_AFTER_S = 5;

/**
 * Every request but `/healthz` answers 503 with the reason once the gate is shut: `/readyz`
 * takes the replica out of its load balancer, the API tells a client that reached it anyway
 * why, and liveness stays up so an orchestrator replaces it instead of restarting it in a loop.
 */
export function installServingGate(app: FastifyInstance, gate: ServingGate): void {
  app.addHook('onRequest', async (req, reply) => {
    const reason = gate.refusal;
    if (reason === undefined || req.url === '/healthz') return;
    const body = req.url.startsWith('/readyz') ? { status: 'refused', error: reason } : { error: reason };
    return reply.code(503).header('retry-after', String(REFUSED_RETRY_AFTER_S)).send(body);
  });
}
