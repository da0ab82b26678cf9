import { useMemo, useState } from 'react';
import { FormField } from '../../../ui/FormField.js';
import { missingRequired, schemaDefaults } from '../lib/chartValues.js';
import type { ChartDefinition } from '../lib/charts.js';
import { GITOPS_DEFAULTS } from '../lib/gitops.js';
import { ChartValuesForm } from './ChartValuesForm.js';
import { GitOpsPreview } from './GitOpsPreview.js';

/**
 * A GitOps choice: namespace, interval and the chart's values (a form generated from its
 * values schema), previewed live as Flux YAML and as a Helm command.
 */
export function GitOpsForm({ chart }: { chart: ChartDefinition }) {
  const [namespace, setNamespace] = useState<string>(GITOPS_DEFAULTS.namespace);
  const [interval, setInterval] = useState<string>(GITOPS_DEFAULTS.interval);
  const [values, setValues] = useState<Record<string, unknown>>(() => schemaDefaults(chart.schema));
  const missing = useMemo(() => missingRequired(chart.schema, values), [chart.schema, values]);
  const input = { chart: chart.name, namespace, interval, values };

  return (
    <div className="grid min-h-0 grid-cols-1 gap-4 lg:grid-cols-2">
      <section aria-label="Chart values" className="flex min-w-0 flex-col gap-3">
        <p className="text-sm text-muted">
          <span className="font-mono">{chart.name}</span> {chart.version} — {chart.description}
        </p>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <FormField
            label="Namespace"
            required
            error={namespace.trim() ? undefined : 'Namespace is required'}
          >
            <input
              className="input"
              aria-required
              value={namespace}
              onChange={(e) => setNamespace(e.target.value)}
            />
          </FormField>
          <FormField label="Interval">
            <input className="input" value={interval} onChange={(e) => setInterval(e.target.value)} />
          </FormField>
        </div>
        <ChartValuesForm schema={chart.schema} value={values} onChange={setValues} />
        {missing.length > 0 ? (
          <p role="alert" className="text-sm text-red-600">
            Required by the chart: {missing.join(', ')}
          </p>
        ) : null}
      </section>
      <section aria-label="Preview" className="min-w-0">
        <GitOpsPreview input={input} />
      </section>
    </div>
  );
}
