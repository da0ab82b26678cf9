import { formatDateTime, formatLatency } from '@opsdeck/shared';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMemo } from 'react';
import type { CheckGraph } from '../api/types.js';
import { distinctTicks, tickFormatFor } from '../lib/chartTicks.js';

type Props = { graph: CheckGraph; rangeMinutes: number; height?: number };

/** Health Overview: a bar per bucket, its height the duration, red when any run failed. */
export default function HealthChart({ graph, rangeMinutes, height = 160 }: Props) {
  const data = graph.status.map((s) => ({
    time: s.time,
    duration: s.duration ?? 0,
    failed: (s.failed ?? 0) > 0 || s.status === false,
    passed: s.passed ?? 0,
    failedCount: s.failed ?? 0,
  }));
  const format = useMemo(() => tickFormatFor(rangeMinutes), [rangeMinutes]);
  const ticks = useMemo(
    () =>
      distinctTicks(
        graph.status.map((s) => s.time),
        format,
      ),
    [graph.status, format],
  );
  if (data.length === 0)
    return (
      <div className="flex items-center justify-center text-muted" style={{ height }}>
        No data available
      </div>
    );
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
        <XAxis
          dataKey="time"
          ticks={ticks}
          interval="preserveStartEnd"
          tickFormatter={format}
          fontSize={11}
          stroke="var(--muted)"
          minTickGap={24}
        />
        <YAxis
          tickFormatter={(v: number) => formatLatency(v)}
          fontSize={11}
          stroke="var(--muted)"
          width={48}
        />
        <Tooltip
          labelFormatter={(t) => formatDateTime(String(t))}
          formatter={(v) => [formatLatency(Number(v)), 'Duration']}
          cursor={{ fill: 'var(--subtle)' }}
          contentStyle={{ background: 'var(--surface)', borderColor: 'var(--line)', fontSize: 12 }}
        />
        <Bar dataKey="duration" isAnimationActive={false} maxBarSize={14}>
          {data.map((d) => (
            <Cell
              key={d.time}
              fill={d.failed ? 'var(--color-health-unhealthy)' : 'var(--color-health-healthy)'}
            />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
