import { HYPOTHESIS_TYPES, type HypothesisType } from '@opsdeck/shared';
import type { Hypothesis } from './types.js';

export type HypothesisNode = Hypothesis & { children: HypothesisNode[] };

/** Nests hypotheses by parent_id; a node whose parent is missing is shown at the top. */
export function buildTree(hypotheses: readonly Hypothesis[]): HypothesisNode[] {
  const nodes = new Map<string, HypothesisNode>();
  for (const h of hypotheses) nodes.set(h.id, { ...h, children: [] });
  const roots: HypothesisNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** root → factor → solution; a solution has no child type. */
export function childType(type: HypothesisType): HypothesisType | undefined {
  return HYPOTHESIS_TYPES[HYPOTHESIS_TYPES.indexOf(type) + 1];
}

/** The root hypothesis of the incident (the first of type root). */
export function rootHypothesis(hypotheses: readonly Hypothesis[]): Hypothesis | undefined {
  return hypotheses.find((h) => h.type === 'root') ?? hypotheses.find((h) => !h.parent_id);
}
