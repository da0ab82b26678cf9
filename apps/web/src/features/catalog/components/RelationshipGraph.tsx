import dagre from '@dagrejs/dagre';
import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  useNodesInitialized,
  useReactFlow,
  useStore,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { ChevronDown, ChevronRight, Layers } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { buildGraph, initialExpanded, visibleGraph, type GraphConfig, type GraphNode } from '../lib/graph.js';

/** Graph layout (px): rank and node separation, node size. */
const RANK_SEP = 120;
const NODE_SEP = 100;
const NODE_W = 220;
const NODE_H = 52;

type Direction = 'LR' | 'TB';
type EdgeStyle = 'default' | 'smoothstep';
const DIRECTIONS = [
  { value: 'LR', label: 'LR' },
  { value: 'TB', label: 'TB' },
] as const;
const EDGE_STYLES = [
  { value: 'default', label: 'Bezier' },
  { value: 'smoothstep', label: 'Smooth step' },
] as const;
type Data = {
  node: GraphNode;
  direction: Direction;
  childCount: number;
  expanded: boolean;
  toggle: () => void;
};

function ConfigNodeView({ data }: NodeProps<Node<Data>>) {
  const n = data.node;
  const vertical = data.direction === 'TB';
  return (
    <div
      className={cn(
        'flex h-[52px] w-[220px] items-center gap-2 rounded-md border bg-surface px-2.5 text-left shadow-sm',
        n.kind === 'config' && n.root ? 'border-brand-600 ring-2 ring-brand-500/30' : 'border-line',
        n.kind === 'group' && 'border-dashed',
      )}
      data-testid={n.kind === 'group' ? 'graph-group-node' : 'graph-config-node'}
    >
      <Handle
        type="target"
        position={vertical ? Position.Top : Position.Left}
        className="!size-1.5 !bg-muted"
      />
      {n.kind === 'config' ? (
        <>
          <StatusDot status={n.config.health ?? 'unknown'} />
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="truncate text-xs font-semibold">{n.config.name ?? n.config.id}</span>
            <span className="truncate text-[11px] text-muted">{n.config.type}</span>
          </span>
        </>
      ) : (
        <>
          <Layers className="size-4 text-muted" aria-hidden />
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="truncate text-xs font-semibold">{n.members.length} items</span>
            <span className="truncate text-[11px] text-muted">{n.type}</span>
          </span>
        </>
      )}
      {data.childCount > 0 ? (
        <button
          type="button"
          className="nodrag flex items-center rounded px-1 text-[11px] text-muted hover:bg-subtle hover:text-fg"
          aria-label={data.expanded ? 'Collapse' : `Expand ${data.childCount}`}
          onClick={(e) => {
            e.stopPropagation();
            data.toggle();
          }}
        >
          {data.expanded ? <ChevronDown className="size-3.5" /> : <ChevronRight className="size-3.5" />}
          {data.expanded ? null : data.childCount}
        </button>
      ) : null}
      <Handle
        type="source"
        position={vertical ? Position.Bottom : Position.Right}
        className="!size-1.5 !bg-muted"
      />
    </div>
  );
}

const nodeTypes = { item: ConfigNodeView };

/** How far the graph may zoom: out far enough that a wide graph fits, in no further than 1.25×. */
const MIN_ZOOM = 0.05;
const FIT = { padding: 0.15, maxZoom: 1.25, minZoom: MIN_ZOOM } as const;

/**
 * Fits the whole graph, root included, whenever what is shown changes (a group expanded, the
 * direction switched) or the frame is resized (a phone turned, the details panel closed):
 * `fitView` on ReactFlow alone fits only the first render, and only down to its default zoom 0.5.
 */
function FitOnChange({ shown }: { shown: string }) {
  const { fitView } = useReactFlow();
  const ready = useNodesInitialized();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  useEffect(() => {
    if (ready && width > 0 && height > 0) void fitView(FIT);
  }, [ready, shown, width, height, fitView]);
  return null;
}

function layout(nodes: Node<Data>[], edges: Edge[], direction: Direction): Node<Data>[] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: direction, ranksep: RANK_SEP, nodesep: NODE_SEP });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_W, height: NODE_H });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  return nodes.map((n) => {
    const p = g.node(n.id);
    return { ...n, position: { x: p.x - NODE_W / 2, y: p.y - NODE_H / 2 } };
  });
}

/** Related configs as a graph (xyflow + dagre), loaded only when the Graph view is chosen. */
export default function RelationshipGraph({ root, related }: { root: GraphConfig; related: GraphConfig[] }) {
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('LR');
  const [edgeStyle, setEdgeStyle] = useState<EdgeStyle>('default');
  const graph = useMemo(() => buildGraph(root, related), [root, related]);
  const [expanded, setExpanded] = useState(() => initialExpanded(graph, root.id));

  const { nodes, edges } = useMemo(() => {
    const v = visibleGraph(graph, root.id, expanded);
    const toggle = (id: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    const flowNodes: Node<Data>[] = v.nodes.map((n) => ({
      id: n.id,
      type: 'item',
      position: { x: 0, y: 0 },
      data: {
        node: n,
        direction,
        childCount: n.id === root.id ? 0 : (graph.children.get(n.id)?.length ?? 0),
        expanded: expanded.has(n.id),
        toggle: () => toggle(n.id),
      },
    }));
    const flowEdges: Edge[] = v.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      type: edgeStyle,
    }));
    return { nodes: layout(flowNodes, flowEdges, direction), edges: flowEdges };
  }, [graph, root.id, expanded, direction, edgeStyle]);

  return (
    <div className="flex min-h-[480px] flex-1 flex-col gap-2">
      <div className="flex items-center gap-2">
        <SegmentedControl
          label="Layout direction"
          options={DIRECTIONS}
          value={direction}
          onChange={setDirection}
        />
        <SegmentedControl
          label="Edge style"
          options={EDGE_STYLES}
          value={edgeStyle}
          onChange={setEdgeStyle}
        />
      </div>
      <div
        className="relative min-h-[440px] flex-1 rounded-md border border-line"
        aria-label="Relationship graph"
        role="figure"
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={FIT}
          minZoom={MIN_ZOOM}
          nodesConnectable={false}
          proOptions={{ hideAttribution: true }}
          onNodeClick={(_e, n) => {
            const node = (n.data as Data).node;
            if (node.kind === 'config' && !node.root) void navigate(`/catalog/${node.id}/relationships`);
          }}
        >
          <FitOnChange shown={nodes.map((n) => n.id).join(',') + direction} />
          <Background gap={16} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
    </div>
  );
}
