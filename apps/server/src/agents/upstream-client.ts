import os from 'node:os';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { AgentConfig, Config } from '../config.js';
import { createOutboundAgent } from '../net/outbound-http.js';
import { outboundPolicy, type OutboundPolicy } from '../net/outbound.js';
import { loadUndici } from '../lib/packages.js';
import { buildInfo } from '../version.js';
import { agentActionPayloadSchema, type AgentActionPayload } from '../playbooks/index.js';
import { pushResultSchema, type PushData, type PushResult } from './push-schema.js';

/** The upstream did not answer, or answered with something other than a 2xx. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export type PulledRow = Record<string, unknown> & { id: string; updated_at: string };

const locatedPullSchema = z.object({
  canaries: z.array(
    z.object({
      id: z.guid(),
      name: z.string(),
      namespace: z.string().nullable(),
      labels: z.record(z.string(), z.string()).nullable(),
      spec: z.unknown(),
      schedule: z.string().nullable(),
      updated_at: z.string(),
      checks: z.array(z.object({ id: z.guid(), type: z.string(), name: z.string() })),
    }),
  ),
});
/** What the upstream's located pull answers. */
export type LocatedPull = z.infer<typeof locatedPullSchema>;

const TIMEOUT_MS = 60_000;
// Answers that mean "this replica cannot serve now, another may": the agent tries the next one.
const TRY_ANOTHER = new Set([502, 503, 504]);

/**
 * The agent's calls to its upstream, all through the outbound policy (net/outbound.ts). The
 * operator named this peer, so loopback and private addresses are allowed whatever
 * OUTBOUND_DENY_* say; link-local and metadata addresses still follow OUTBOUND_ALLOW_LINK_LOCAL.
 */
export class UpstreamClient {
  /** Made with the first call (undici is loaded on first use, lib/packages.ts). */
  private dispatcher: Promise<Dispatcher> | undefined;
  private readonly policy: OutboundPolicy;
  private readonly auth: string;
  /** The address that answered last: calls go there until it fails (UPSTREAM_URL may list several). */
  private current = 0;

  constructor(
    private readonly agent: AgentConfig,
    outbound: Config['outbound'],
  ) {
    this.policy = outboundPolicy({ ...outbound, denyLoopback: false, denyPrivate: false });
    this.auth = `Bearer ${agent.token}`;
  }

  /**
   * One call to the upstream. With several addresses (replicas behind no shared load balancer),
   * one that cannot be reached or answers 502/503/504 is skipped for the next, once round the
   * list; every call is safe to repeat (pushes are upserts, pulls and pings read).
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<{ status: number; text: string }> {
    const urls = this.agent.upstreamUrls;
    let failure: UpstreamError | undefined;
    for (let tried = 0; tried < urls.length; tried++) {
      const index = (this.current + tried) % urls.length;
      try {
        const answer = await this.callOne(urls[index] ?? '', method, path, body, signal);
        this.current = index;
        return answer;
      } catch (e) {
        if (!(e instanceof UpstreamError) || (e.status !== undefined && !TRY_ANOTHER.has(e.status))) throw e;
        if (signal?.aborted) throw e;
        failure = e;
      }
    }
    throw failure ?? new UpstreamError('no upstream address configured');
  }

  private async callOne(
    base: string,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; text: string }> {
    let res;
    try {
      const { request } = await loadUndici();
      res = await request(`${base}${path}`, {
        method,
        dispatcher: await this.agentForCalls(),
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
          : AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new UpstreamError(`upstream ${base} unreachable: ${(e as Error).message}`);
    }
    const text = await res.body.text();
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new UpstreamError(
        `upstream ${base} answered ${res.statusCode} to ${method} ${path}: ${text.slice(0, 300)}`,
        res.statusCode,
      );
    }
    return { status: res.statusCode, text };
  }

  async ping(): Promise<void> {
    const q = new URLSearchParams({ hostname: this.agent.name ?? os.hostname(), version: buildInfo.version });
    await this.call('GET', `/api/upstream/ping?${q}`);
  }

  async push(data: PushData): Promise<PushResult> {
    return this.pushRaw(JSON.stringify(data));
  }

  /** A push whose body is already JSON text (the push job's pages, written by the database). */
  async pushRaw(json: string): Promise<PushResult> {
    const { text } = await this.call('POST', '/api/upstream/push', json);
    return pushResultSchema.parse(JSON.parse(text)) as PushResult;
  }

  async pull(kind: 'canary' | 'scrapeconfig', since: string | undefined): Promise<PulledRow[]> {
    const q = since ? `?since=${encodeURIComponent(since)}` : '';
    const { text } = await this.call('GET', `/api/upstream/${kind}/pull${q}`);
    return JSON.parse(text) as PulledRow[];
  }

  /**
   * The located canaries the upstream asks this agent to run; none from an upstream older than
   * located checks (it answers 404).
   */
  async pullLocated(): Promise<LocatedPull> {
    try {
      const { text } = await this.call('GET', '/api/upstream/located/pull');
      return locatedPullSchema.parse(JSON.parse(text));
    } catch (e) {
      if (e instanceof UpstreamError && e.status === 404) return { canaries: [] };
      throw e;
    }
  }

  /**
   * The long poll for a playbook action to run here: the upstream answers one (claimed for us)
   * or, after `waitSeconds` (at most 45) without one, nothing.
   */
  async playbookAction(waitSeconds: number, signal?: AbortSignal): Promise<AgentActionPayload | undefined> {
    const { status, text } = await this.call(
      'GET',
      `/api/upstream/playbook-action?wait=${waitSeconds}`,
      undefined,
      signal,
    );
    if (status === 204 || !text) return undefined;
    return agentActionPayloadSchema.parse(JSON.parse(text));
  }

  private agentForCalls(): Promise<Dispatcher> {
    this.dispatcher ??= createOutboundAgent(this.policy, { connectTimeoutMs: 10_000 }).catch((e: unknown) => {
      this.dispatcher = undefined;
      throw e;
    });
    return this.dispatcher;
  }

  async close(): Promise<void> {
    const dispatcher = await this.dispatcher?.catch(() => undefined);
    await dispatcher?.close();
  }
}
