import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The host name of a Host header value: `[::1]:8080` → `::1`, `Localhost.:80` → `localhost`. */
function hostName(header: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  const name = bracketed ? bracketed[1]! : header.replace(/:\d+$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  return name === '::1' || name === '0:0:0:0:0:0:0:1';
}

/**
 * AUTH_MODE=none acts as admin for every request, so a page on another site must not reach it
 * by re-pointing its own name at 127.0.0.1 (DNS rebinding): the browser then sends that
 * foreign name as Host. Only loopback names, the host of PUBLIC_URL and an explicitly
 * configured listen address (with ALLOW_INSECURE) are answered.
 */
export function allowedHostInNoneMode(req: FastifyRequest, config: Config): boolean {
  const header = req.headers.host;
  if (typeof header !== 'string' || header === '') return false;
  const name = hostName(header);
  if (isLoopbackName(name)) return true;
  if (config.auth.publicUrl && new URL(config.auth.publicUrl).hostname.replace(/^\[|\]$/g, '') === name)
    return true;
  const listen = config.host.toLowerCase().replace(/^\[|\]$/g, '');
  return listen !== '0.0.0.0' && listen !== '::' && listen === name;
}
