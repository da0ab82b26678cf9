import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  agentValues,
  containerCommand,
  fluxYaml,
  helmCommands,
  opsdeckAgentCommand,
  type InstallInput,
} from './install.js';

const base: InstallInput = {
  form: { name: 'edge-1', properties: {} },
  token: 'od_abc.secret',
  consoleUrl: 'https://ops.example.com',
};

const CHART = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../deploy/charts/opsdeck-agent',
);
type Values = Record<string, unknown>;
const isMap = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Helm's merge of given values over the chart's defaults. */
function merge(a: Values, b: Values): Values {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isMap(v) && isMap(out[k]) ? merge(out[k], v) : v;
  return out;
}
/** What the agent chart's values.schema.json says about the chart's defaults with `values` over them. */
function chartProblems(values: Values): string[] {
  const defaults = parse(fs.readFileSync(path.join(CHART, 'values.yaml'), 'utf8')) as Values;
  const schema = JSON.parse(fs.readFileSync(path.join(CHART, 'values.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  return validate(merge(defaults, values))
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
/** `--set-string a.b=v` / `--set a.b=v` flags of a Helm command back into values. */
function valuesOfFlags(text: string): Values {
  const out: Values = {};
  for (const m of text.matchAll(/--set(-string)? '?([\w.]+)=([^'\s]*)'?/g)) {
    const keys = (m[2] ?? '').split('.');
    let at = out;
    for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Values;
    at[keys.at(-1) ?? ''] = m[1] ? m[3] : m[3] === 'true';
  }
  return out;
}

describe('install instructions (Opsdeck agent chart)', () => {
  it('Flux: Namespace, the token in a Secret, the Opsdeck GitRepository and a HelmRelease of deploy/charts/opsdeck-agent', () => {
    const docs = parseAllDocuments(fluxYaml(base)).map((d) => d.toJS() as Record<string, never>);
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'Secret', 'GitRepository', 'HelmRelease']);
    expect(docs[1]).toMatchObject({
      metadata: { name: 'opsdeck-agent-token', namespace: 'opsdeck-agent' },
      stringData: { UPSTREAM_TOKEN: 'od_abc.secret' },
    });
    expect(docs[3]).toMatchObject({
      spec: {
        chart: {
          spec: {
            chart: './deploy/charts/opsdeck-agent',
            sourceRef: { kind: 'GitRepository', name: 'opsdeck' },
          },
        },
        values: {
          upstream: { url: 'https://ops.example.com', existingSecret: 'opsdeck-agent-token' },
          agentName: 'edge-1',
        },
      },
    });
    // The token is in the Secret only, not in the release's values.
    expect(JSON.stringify(docs[3])).not.toContain('od_abc.secret');
    expect(chartProblems((docs[3] as unknown as { spec: { values: Values } }).spec.values)).toEqual([]);
    // No other product's chart or repository.
    expect(fluxYaml(base)).not.toMatch(/flanksource|mission-control/);
  });

  it('Helm CLI: install the chart from the checkout with the values the chart takes', () => {
    const text = helmCommands(base);
    expect(text).toContain('helm install opsdeck-agent ./deploy/charts/opsdeck-agent');
    expect(text).toContain('-n opsdeck-agent --create-namespace');
    expect(text).toContain('--set-string upstream.url=https://ops.example.com');
    expect(text).toContain('--set-string upstream.token=od_abc.secret');
    expect(text).toContain('--set-string agentName=edge-1');
    expect(text).not.toMatch(/\\\n$/);
    expect(text).not.toMatch(/helm repo|flanksource|mission-control/);
    const values = valuesOfFlags(text);
    expect(values).toEqual(agentValues(base));
    expect(chartProblems(values)).toEqual([]);
  });

  it('the Kubernetes option gives the agent read access to its cluster (kubernetes.enabled)', () => {
    const input: InstallInput = {
      ...base,
      form: {
        name: 'edge-1',
        properties: {},
        kubernetes: { enabled: true, interval: '1h', exclusions: ['kube-system'] },
      },
    };
    expect(helmCommands(input)).toContain('--set kubernetes.enabled=true');
    const docs = parseAllDocuments(fluxYaml(input)).map((d) => d.toJS() as Record<string, never>);
    expect(docs[3]).toMatchObject({ spec: { values: { kubernetes: { enabled: true } } } });
    expect(chartProblems(valuesOfFlags(helmCommands(input)))).toEqual([]);
  });

  it('quotes names with shell or Helm meaning', () => {
    const input = { ...base, form: { name: "o'k, edge", properties: {} } };
    expect(helmCommands(input)).toContain(`--set-string 'agentName=o'\\''k\\, edge'`);
    expect(containerCommand(input)).toContain(`-e AGENT_NAME='o'\\''k, edge'`);
  });

  it('without Kubernetes: the image as a container, and `opsdeck agent` where it is installed', () => {
    expect(containerCommand(base)).toBe(
      [
        'docker run -d --name opsdeck-agent --restart unless-stopped \\',
        '  --read-only --tmpfs /tmp -v opsdeck-agent-data:/data \\',
        '  -e UPSTREAM_URL=https://ops.example.com \\',
        '  -e UPSTREAM_TOKEN=od_abc.secret \\',
        '  -e AGENT_NAME=edge-1 \\',
        '  opsdeck:0.0.0-test agent',
      ].join('\n'),
    );
    expect(opsdeckAgentCommand({ ...base, form: { name: "o'k", properties: {} } })).toBe(
      "UPSTREAM_URL=https://ops.example.com \\\nUPSTREAM_TOKEN=od_abc.secret \\\nAGENT_NAME='o'\\''k' \\\nopsdeck agent",
    );
  });
});
