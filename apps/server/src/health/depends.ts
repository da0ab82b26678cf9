import type { ResultView } from './check-variables.js';

/**
 * canary-checker's `dependsOn`: a check runs only after the checks it names (by name, in the
 * same canary) have passed in this run; otherwise it fails without running, naming the
 * dependency. Names are checked when the canary is saved: unknown names and cycles are refused.
 */

type Named = { type: string; name: string; spec: unknown };

export function dependsOnOf(spec: unknown): string[] {
  const d = (spec as { dependsOn?: unknown } | null)?.dependsOn;
  return Array.isArray(d) ? d.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

/** Why the checks' dependencies cannot be honoured (one line each), or [] when they can. */
export function dependencyProblems(checks: Named[]): string[] {
  const names = new Set(checks.map((c) => c.name));
  const problems: string[] = [];
  for (const c of checks) {
    for (const dep of dependsOnOf(c.spec)) {
      if (dep === c.name) problems.push(`${c.type} check "${c.name}": dependsOn names the check itself`);
      else if (!names.has(dep))
        problems.push(
          `${c.type} check "${c.name}": dependsOn names "${dep}", which is not a check of this canary`,
        );
    }
  }
  if (problems.length) return problems;
  // A cycle would leave its checks waiting for each other forever.
  const deps = new Map<string, string[]>();
  for (const c of checks) deps.set(c.name, [...(deps.get(c.name) ?? []), ...dependsOnOf(c.spec)]);
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]): string | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'visiting') return [...trail.slice(trail.indexOf(name)), name].join(' → ');
    state.set(name, 'visiting');
    for (const d of deps.get(name) ?? []) {
      const cycle = visit(d, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const name of deps.keys()) {
    const cycle = visit(name, []);
    if (cycle) return [`dependsOn forms a cycle: ${cycle}`];
  }
  return [];
}

/** What a check that passed offers the checks depending on it (`outputs.<name>`). */
export type DependencyOutput = { type: string; result: ResultView };

/** A dependency outside the run (Run Now): whether its last run passed, and that result. */
export type KnownDependency = { ok: boolean; output?: DependencyOutput };

/** The names a check depends on, directly or through its dependencies, nearest first. */
export function transitiveDependsOn(name: string, specs: Map<string, unknown[]>): string[] {
  const seen = new Set<string>();
  const queue = (specs.get(name) ?? []).flatMap(dependsOnOf);
  while (queue.length) {
    const dep = queue.shift()!;
    if (seen.has(dep) || dep === name) continue;
    seen.add(dep);
    queue.push(...(specs.get(dep) ?? []).flatMap(dependsOnOf));
  }
  return [...seen];
}

/**
 * Outcomes of one run by check name, so a dependent check can wait for its dependencies
 * and read their results (canary-checker's `outputs.<name>`). A name shared by checks of
 * several types passes only when all of them pass.
 */
export class DependencyBoard {
  private readonly waiting = new Map<string, Promise<boolean>[]>();
  private readonly settle = new Map<string, ((ok: boolean) => void)[]>();
  private readonly outputs = new Map<string, DependencyOutput>();

  constructor(
    names: string[],
    private readonly known: Map<string, KnownDependency> = new Map(),
  ) {
    for (const name of names) {
      let resolve!: (ok: boolean) => void;
      const p = new Promise<boolean>((r) => (resolve = r));
      this.waiting.set(name, [...(this.waiting.get(name) ?? []), p]);
      this.settle.set(name, [...(this.settle.get(name) ?? []), resolve]);
    }
  }

  /** Records one check's outcome (call once per check, also when it was not run). */
  done(name: string, ok: boolean, output?: DependencyOutput): void {
    if (ok && output && !this.outputs.has(name)) this.outputs.set(name, output);
    this.settle.get(name)?.shift()?.(ok);
  }

  /** The first dependency that did not pass, or undefined when all passed. */
  async firstFailed(deps: string[]): Promise<string | undefined> {
    for (const dep of deps) {
      const inRun = this.waiting.get(dep);
      const ok = inRun ? (await Promise.all(inRun)).every(Boolean) : this.known.get(dep)?.ok;
      if (ok !== true) return dep;
    }
    return undefined;
  }

  /** The results of the named checks that passed (call once they are done). */
  outputsOf(names: string[]): Record<string, DependencyOutput> {
    const out: Record<string, DependencyOutput> = {};
    for (const name of names) {
      const o = this.outputs.get(name) ?? this.known.get(name)?.output;
      if (o) out[name] = o;
    }
    return out;
  }
}
