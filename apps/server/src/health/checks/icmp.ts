import { execFile } from 'node:child_process';
import { icmpCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { resolveOutboundAddress } from '../../net/outbound.js';
import { untilAborted } from '../../lib/abort.js';
import { type CheckRunner, fail, pass } from './types.js';

type IcmpSpec = z.infer<typeof icmpCheckSchema>;

/** Parses iputils-ping's summary lines. */
export function parsePing(
  out: string,
): { sent: number; received: number; loss: number; avgMs?: number } | undefined {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(out);
  if (!counts) return undefined;
  const sent = Number(counts[1]);
  const received = Number(counts[2]);
  const rtt = /= [\d.]+\/([\d.]+)\/[\d.]+/.exec(out);
  return {
    sent,
    received,
    loss: sent ? ((sent - received) / sent) * 100 : 100,
    avgMs: rtt ? Number(rtt[1]) : undefined,
  };
}

/** ICMP: `ping` (iputils-ping) with packet loss under the threshold. */
export const icmpRunner: CheckRunner<IcmpSpec> = {
  type: 'icmp',
  schema: icmpCheckSchema,
  endpoint: (s) => s.endpoint,
  async run(spec, ctx) {
    // ping gets the checked address, never the name (it would resolve it again).
    const target = await untilAborted(resolveOutboundAddress(spec.endpoint, ctx.outbound), ctx.signal);
    const count = spec.packetCount ?? 3;
    const waitS = Math.max(1, Math.ceil(ctx.timeoutMs / 1000));
    const args = [
      '-n',
      '-c',
      String(count),
      '-i',
      '0.2',
      '-W',
      String(waitS),
      '-w',
      String(waitS),
      '--',
      target.address,
    ];
    return new Promise((resolve, reject) => {
      execFile('ping', args, { signal: ctx.signal, timeout: ctx.timeoutMs }, (err, stdout, stderr) => {
        const summary = parsePing(stdout);
        if (!summary) {
          const code = (err as NodeJS.ErrnoException | null)?.code;
          if (code === 'ENOENT')
            return reject(new Error('ping is not installed (apt-get install iputils-ping)'));
          return reject(new Error((stderr || err?.message || 'ping failed').trim()));
        }
        const data = { ...summary, packetLoss: summary.loss };
        const threshold = spec.packetLossThreshold ?? 0;
        if (summary.received === 0)
          return resolve(fail(`no reply from ${spec.endpoint} (${count} packets sent)`, data));
        if (summary.loss > threshold) {
          return resolve(fail(`packet loss ${summary.loss.toFixed(0)}% above ${threshold}%`, data));
        }
        resolve(pass(`${summary.received}/${summary.sent} replies, avg ${summary.avgMs ?? '?'} ms`, data));
      });
    });
  },
};
