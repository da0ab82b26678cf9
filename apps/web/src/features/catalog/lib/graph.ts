/** The relationship graph's shape: config nodes, group nodes, collapse rules. */
export type GraphConfig = {
  id: string;
  name: string | null;
  type: string;
  health?: string | null;
  status?: string | null;
  direction?: string;
  related_ids?: Array<string | null> | null;
};

export type GraphNode =
  | { id: string; kind: 'config'; config: GraphConfig; root: boolean }
  | { id: string; kind: 'group'; type: string; members: string[] };

export type GraphEdge = { id: string; source: string; target: string };

export type RelationGraph = { nodes: GraphNode[]; edges: GraphEdge[]; children: Map<string, string[]> };

/** Groups of this many related configs of one type become one intermediary node. */
export const GROUP_MIN = 3;
/** Nodes with more children than this start collapsed. */
export const EXPAND_MAX = 3;

type Link = { hub: string; far: string; outgoing: boolean };

export function buildGraph(root: GraphConfig, related: GraphConfig[]): RelationGraph {
  const byId = new Map<string, GraphConfig>([[root.id, root], ...related.map((r) => [r.id, r] as const)]);
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const r of related) {
    for (const prev of r.related_ids ?? []) {
      if (!prev || !byId.has(prev)) continue;
      const key = `${prev}>${r.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      links.push({ hub: prev, far: r.id, outgoing: r.direction !== 'incoming' });
    }
  }

  const nodes = new Map<string, GraphNode>();
  for (const c of byId.values())
    nodes.set(c.id, { id: c.id, kind: 'config', config: c, root: c.id === root.id });
  const edges = new Map<string, GraphEdge>();
  const children = new Map<string, string[]>();
  const addChild = (parent: string, child: string) => {
    const list = children.get(parent) ?? [];
    if (!list.includes(child)) list.push(child);
    children.set(parent, list);
  };
  const addEdge = (source: string, target: string) =>
    edges.set(`${source}->${target}`, { id: `${source}->${target}`, source, target });

  // Per hub and direction, neighbours of one type: grouped when there are enough of them.
  const buckets = new Map<string, { hub: string; outgoing: boolean; type: string; far: string[] }>();
  for (const l of links) {
    const type = byId.get(l.far)?.type ?? '';
    const key = `${l.hub}|${l.outgoing}|${type}`;
    const b = buckets.get(key) ?? { hub: l.hub, outgoing: l.outgoing, type, far: [] };
    b.far.push(l.far);
    buckets.set(key, b);
  }
  for (const b of buckets.values()) {
    if (b.far.length < GROUP_MIN) {
      for (const f of b.far) {
        addChild(b.hub, f);
        if (b.outgoing) addEdge(b.hub, f);
        else addEdge(f, b.hub);
      }
      continue;
    }
    // Identical groups (same type and members) are one node shared by their hubs.
    const members = [...b.far].sort();
    const id = `group:${b.outgoing ? 'out' : 'in'}:${b.type}:${members.join(',')}`;
    if (!nodes.has(id)) nodes.set(id, { id, kind: 'group', type: b.type, members });
    addChild(b.hub, id);
    if (b.outgoing) addEdge(b.hub, id);
    else addEdge(id, b.hub);
    for (const m of members) {
      addChild(id, m);
      if (b.outgoing) addEdge(id, m);
      else addEdge(m, id);
    }
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()], children };
}

/** Nodes with at most EXPAND_MAX children start expanded; the root always does. */
export function initialExpanded(g: RelationGraph, rootId: string): Set<string> {
  const out = new Set<string>([rootId]);
  for (const [id, kids] of g.children) if (kids.length <= EXPAND_MAX) out.add(id);
  return out;
}

/** What is visible: everything reachable from the root through expanded nodes. */
export function visibleGraph(
  g: RelationGraph,
  rootId: string,
  expanded: Set<string>,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const visible = new Set<string>([rootId]);
  const queue = [rootId];
  while (queue.length) {
    const id = queue.shift() ?? '';
    if (!expanded.has(id)) continue;
    for (const c of g.children.get(id) ?? []) {
      if (visible.has(c)) continue;
      visible.add(c);
      queue.push(c);
    }
  }
  return {
    nodes: g.nodes.filter((n) => visible.has(n.id)),
    edges: g.edges.filter((e) => visible.has(e.source) && visible.has(e.target)),
  };
}
