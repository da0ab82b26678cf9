/** The parsed form of a template, close to Go's text/template/parse node types. */

export type ListNode = { type: 'list'; nodes: Node[] };
export type TextNode = { type: 'text'; line: number; text: string };
/** `{{ pipeline }}`; `raw` is the verbatim source of a lenient `$( … )` action. */
export type ActionNode = { type: 'action'; line: number; pipe: PipeNode; raw?: string };
export type BranchNode = {
  type: 'if' | 'with' | 'range';
  line: number;
  pipe: PipeNode;
  list: ListNode;
  elseList?: ListNode;
};
export type TemplateNode = { type: 'template'; line: number; name: string; pipe?: PipeNode };
export type LoopControlNode = { type: 'break' | 'continue'; line: number };
export type Node = ListNode | TextNode | ActionNode | BranchNode | TemplateNode | LoopControlNode;

/** `$x := a | b c`: declarations, then commands whose results feed the next one. */
export type PipeNode = {
  type: 'pipe';
  line: number;
  decl: string[];
  isAssign: boolean;
  cmds: CommandNode[];
};
export type CommandNode = { line: number; args: ArgNode[] };

export type FieldNode = { type: 'field'; line: number; path: string[] };
/** `$x.a.b`: `name` is `$x` (or `$`), `path` the fields after it. */
export type VariableNode = { type: 'variable'; line: number; name: string; path: string[] };
/** A term followed by fields: `(pipeline).a.b`, `params.x` (value function). */
export type ChainNode = { type: 'chain'; line: number; node: ArgNode; path: string[] };
export type IdentifierNode = { type: 'identifier'; line: number; name: string };
export type LiteralNode =
  | { type: 'dot'; line: number }
  | { type: 'nil'; line: number }
  | { type: 'bool'; line: number; value: boolean }
  | { type: 'number'; line: number; value: number; text: string }
  | { type: 'string'; line: number; value: string };
export type ArgNode = FieldNode | VariableNode | ChainNode | IdentifierNode | PipeNode | LiteralNode;

export type ParsedTemplate = {
  root: ListNode;
  /** `define` and `block` bodies by name. */
  defines: ReadonlyMap<string, ListNode>;
};
