import { hasOwnKey, isPlainObject, ownValue, sortedKeys } from '../common/own.js';
import type {
  ArgNode,
  BranchNode,
  ChainNode,
  CommandNode,
  IdentifierNode,
  Node,
  ParsedTemplate,
  PipeNode,
  TemplateNode,
} from './ast.js';
import { TemplateError } from './errors.js';
import { goBuiltins } from './funcs/go-builtins.js';
import type { FunctionSpec } from './funcs/index.js';
import { field, printValue, truth, typeName, Verbatim } from './values.js';

/**
 * Walks the tree with Go's semantics: `.` is the current value, variables are scoped to the
 * enclosing control structure, `range` iterates lists, maps (sorted by key) and integers.
 * Output, loop iterations and template calls are counted against the limits.
 */

export type TemplateLimits = {
  /** Longest output (and longest string any function may return), in characters. */
  maxOutputLength: number;
  /** Range iterations over the whole render. */
  maxRangeIterations: number;
  /** Nested `template` / `block` calls. */
  maxTemplateDepth: number;
};

export const DEFAULT_LIMITS: TemplateLimits = {
  maxOutputLength: 1_000_000,
  maxRangeIterations: 100_000,
  maxTemplateDepth: 100,
};

/** Marks "no piped value", which differs from a piped value that happens to be undefined. */
const NO_VALUE = Symbol('no value');
type Piped = unknown;

class LoopSignal {
  constructor(readonly kind: 'break' | 'continue') {}
}

type Variable = { name: string; value: unknown };

/**
 * Escapes what an action prints (not the template's own text), for output in a markup
 * language: `lineStart` says whether only white space precedes it on its line.
 */
export type OutputEscape = (printed: string, at: { lineStart: boolean }) => string;

export class Executor {
  private out: string[] = [];
  private length = 0;
  private vars: Variable[] = [];
  private iterations = 0;
  private depth = 0;
  /** Whether the output's current line holds only white space so far. */
  private lineBlank = true;

  constructor(
    private readonly tree: ParsedTemplate,
    private readonly data: unknown,
    private readonly lookupFunction: (name: string) => FunctionSpec | undefined,
    private readonly limits: TemplateLimits,
    private readonly escape?: OutputEscape,
  ) {}

  run(): string {
    this.vars = [{ name: '$', value: this.data }];
    this.walk(this.data, this.tree.root);
    return this.out.join('');
  }

  // --- output and errors -----------------------------------------------------------

  private fail(line: number, detail: string, undefinedFunction?: string): never {
    throw new TemplateError('exec', line, detail, undefinedFunction);
  }

  private limit(line: number, detail: string): never {
    throw new TemplateError('limit', line, detail);
  }

  private write(line: number, s: string): void {
    if (!s) return;
    this.length += s.length;
    if (this.length > this.limits.maxOutputLength) {
      this.limit(line, `output longer than ${this.limits.maxOutputLength} characters`);
    }
    this.out.push(s);
    const newline = s.lastIndexOf('\n');
    this.lineBlank = newline >= 0 ? s.slice(newline + 1).trim() === '' : this.lineBlank && s.trim() === '';
  }

  /** An action's value as output: escaped when the caller asked, unless it is Verbatim. */
  private printed(value: unknown): string {
    if (value instanceof Verbatim) return value.text;
    const text = printValue(value);
    return this.escape && text ? this.escape(text, { lineStart: this.lineBlank }) : text;
  }

  // --- statements ----------------------------------------------------------------------

  private walk(dot: unknown, node: Node): void {
    switch (node.type) {
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'text':
        this.write(node.line, node.text);
        return;
      case 'action': {
        const mark = this.vars.length;
        try {
          const value = this.evalPipeline(dot, node.pipe);
          if (node.pipe.decl.length === 0) this.write(node.line, this.printed(value));
        } catch (e) {
          // `$(hostname)` in a script: not a template function, so it was shell all along.
          if (node.raw === undefined || !(e instanceof TemplateError) || !e.undefinedFunction) throw e;
          this.vars.length = mark;
          this.write(node.line, node.raw);
        }
        return;
      }
      case 'if':
      case 'with':
        return this.walkBranch(dot, node);
      case 'range':
        return this.walkRange(dot, node);
      case 'template':
        return this.walkTemplate(dot, node);
      case 'break':
      case 'continue':
        throw new LoopSignal(node.type);
    }
  }

  private walkBranch(dot: unknown, node: BranchNode): void {
    const mark = this.vars.length;
    const value = this.evalPipeline(dot, node.pipe);
    if (truth(value)) this.walk(node.type === 'with' ? value : dot, node.list);
    else if (node.elseList) this.walk(dot, node.elseList);
    this.vars.length = mark;
  }

  private walkRange(dot: unknown, node: BranchNode): void {
    const mark = this.vars.length;
    const value = this.evalCommands(dot, node.pipe);
    const entries = this.rangeEntries(node, value);
    for (const [key, elem] of entries) {
      if (++this.iterations > this.limits.maxRangeIterations) {
        this.limit(node.line, `more than ${this.limits.maxRangeIterations} range iterations`);
      }
      const decl = node.pipe.decl;
      if (node.pipe.isAssign) {
        if (decl.length === 2) {
          this.setVar(node.line, decl[0] ?? '', key);
          this.setVar(node.line, decl[1] ?? '', elem);
        } else if (decl[0]) this.setVar(node.line, decl[0], elem);
      } else if (decl.length === 2) {
        this.vars.push({ name: decl[0] ?? '', value: key }, { name: decl[1] ?? '', value: elem });
      } else if (decl[0]) this.vars.push({ name: decl[0], value: elem });
      const iterationMark = this.vars.length;
      try {
        this.walk(elem, node.list);
      } catch (e) {
        if (!(e instanceof LoopSignal)) throw e;
        if (e.kind === 'break') {
          this.vars.length = mark;
          return;
        }
      }
      this.vars.length = iterationMark - (node.pipe.isAssign ? 0 : decl.length);
    }
    if (entries.length === 0 && node.elseList) this.walk(dot, node.elseList);
    this.vars.length = mark;
  }

  private rangeEntries(node: BranchNode, value: unknown): [unknown, unknown][] {
    // A missing value is often "" (`default ""`): ranging over it is ranging over nothing.
    if (value === undefined || value === null || value === '') return [];
    if (Array.isArray(value)) return value.map((v, i) => [i, v]);
    if (value instanceof Map || isPlainObject(value))
      return sortedKeys(value).map((k) => [k, ownValue(value, k)]);
    if (typeof value === 'number' && Number.isInteger(value)) {
      if (node.pipe.decl.length > 1) this.fail(node.line, `can't use two variables to range over an integer`);
      if (value > this.limits.maxRangeIterations) {
        this.limit(node.line, `more than ${this.limits.maxRangeIterations} range iterations`);
      }
      return Array.from({ length: Math.max(value, 0) }, (_v, i) => [i, i]);
    }
    return this.fail(node.line, `range can't iterate over ${printValue(value) || typeName(value)}`);
  }

  private walkTemplate(dot: unknown, node: TemplateNode): void {
    const body = this.tree.defines.get(node.name);
    if (!body) this.fail(node.line, `no such template "${node.name}"`);
    if (this.depth >= this.limits.maxTemplateDepth) {
      this.limit(node.line, `templates nested deeper than ${this.limits.maxTemplateDepth} calls`);
    }
    const newDot = node.pipe ? this.evalPipeline(dot, node.pipe) : undefined;
    const saved = this.vars;
    this.vars = [{ name: '$', value: newDot }];
    this.depth++;
    try {
      this.walk(newDot, body);
    } finally {
      this.depth--;
      this.vars = saved;
    }
  }

  // --- variables -----------------------------------------------------------------------

  private setVar(line: number, name: string, value: unknown): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v?.name === name) {
        v.value = value;
        return;
      }
    }
    this.fail(line, `undefined variable: ${name}`);
  }

  private varValue(line: number, name: string): unknown {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v?.name === name) return v.value;
    }
    return this.fail(line, `undefined variable: ${name}`);
  }

  // --- pipelines -----------------------------------------------------------------------

  private evalCommands(dot: unknown, pipe: PipeNode): unknown {
    let value: Piped = NO_VALUE;
    for (const cmd of pipe.cmds) value = this.evalCommand(dot, cmd, value);
    return value === NO_VALUE ? undefined : value;
  }

  private evalPipeline(dot: unknown, pipe: PipeNode): unknown {
    const value = this.evalCommands(dot, pipe);
    for (const name of pipe.decl) {
      if (pipe.isAssign) this.setVar(pipe.line, name, value);
      else this.vars.push({ name, value });
    }
    return value;
  }

  private evalCommand(dot: unknown, cmd: CommandNode, final: Piped): unknown {
    const first = cmd.args[0];
    if (!first) return this.fail(cmd.line, 'empty command');
    if (first.type === 'identifier') return this.evalFunction(dot, first, cmd.args, final);
    const namespaced = this.namespacedFunction(first);
    if (namespaced) return this.evalFunction(dot, namespaced, cmd.args, final);
    if (cmd.args.length > 1 || final !== NO_VALUE) {
      this.fail(first.line, `can't give argument to non-function ${describe(first)}`);
    }
    if (first.type === 'nil') this.fail(first.line, 'nil is not a command');
    return this.evalArg(dot, first);
  }

  private evalArg(dot: unknown, node: ArgNode): unknown {
    switch (node.type) {
      case 'dot':
        return dot;
      case 'nil':
        return null;
      case 'bool':
      case 'number':
      case 'string':
        return node.value;
      case 'field':
        return this.fields(dot, node.path);
      case 'variable':
        return this.fields(this.varValue(node.line, node.name), node.path);
      case 'pipe':
        return this.evalPipeline(dot, node);
      case 'identifier':
        return this.evalFunction(dot, node, [node], NO_VALUE);
      case 'chain': {
        const namespaced = this.namespacedFunction(node);
        if (namespaced) return this.evalFunction(dot, namespaced, [namespaced], NO_VALUE);
        return this.evalChain(dot, node);
      }
    }
  }

  /**
   * gomplate's namespaced functions (`strings.ToUpper`, `data.ToJSONPretty`): a name that is
   * neither a key of the data nor a function itself, followed by one field, is the function of
   * that dotted name. A function's result with a field (`getLastAction.status`) stays a field.
   */
  private namespacedFunction(node: ArgNode): IdentifierNode | undefined {
    if (node.type !== 'chain' || node.node.type !== 'identifier' || node.path.length !== 1) return undefined;
    if (hasOwnKey(this.data, node.node.name) || this.lookupFunction(node.node.name)) return undefined;
    return { type: 'identifier', line: node.line, name: `${node.node.name}.${node.path[0]}` };
  }

  private evalChain(dot: unknown, node: ChainNode): unknown {
    return this.fields(this.evalArg(dot, node.node), node.path);
  }

  private fields(receiver: unknown, path: readonly string[]): unknown {
    let v = receiver;
    for (const name of path) v = field(v, name);
    return v;
  }

  /** A function call, or a key of the data when the name is used without arguments. */
  private evalFunction(dot: unknown, node: IdentifierNode, args: ArgNode[], final: Piped): unknown {
    const { name, line } = node;
    const hasArgs = args.length > 1 || final !== NO_VALUE;
    if (!hasArgs && hasOwnKey(this.data, name)) return ownValue(this.data, name);
    const spec = this.lookupFunction(name);
    if (!spec) {
      if (hasOwnKey(this.data, name)) this.fail(line, `can't give argument to non-function ${name}`);
      this.fail(line, `function "${name}" not defined`, name);
    }
    const count = args.length - 1 + (final === NO_VALUE ? 0 : 1);
    if (count < spec.minArgs || count > spec.maxArgs) {
      const want =
        spec.maxArgs === Infinity
          ? `at least ${spec.minArgs}`
          : spec.minArgs === spec.maxArgs
            ? `${spec.minArgs}`
            : `${spec.minArgs} to ${spec.maxArgs}`;
      this.fail(line, `wrong number of args for ${name}: want ${want} got ${count}`);
    }
    if (spec === goBuiltins.and || spec === goBuiltins.or) return this.evalLogic(dot, name, args, final);
    const argv = args.slice(1).map((a) => this.evalArg(dot, a));
    if (final !== NO_VALUE) argv.push(final);
    let result: unknown;
    try {
      result = spec.fn(...argv);
    } catch (e) {
      if (e instanceof TemplateError) throw e;
      this.fail(line, `error calling ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.checkSize(line, name, result);
    return result;
  }

  /** `and` / `or` evaluate arguments left to right and stop at the first that decides. */
  private evalLogic(dot: unknown, name: string, args: ArgNode[], final: Piped): unknown {
    const wantTruth = name === 'or';
    let last: unknown;
    const operands: (() => unknown)[] = args.slice(1).map((a) => () => this.evalArg(dot, a));
    if (final !== NO_VALUE) operands.push(() => final);
    for (const operand of operands) {
      last = operand();
      if (truth(last) === wantTruth) return last;
    }
    return last;
  }

  private checkSize(line: number, name: string, result: unknown): void {
    const max = this.limits.maxOutputLength;
    if ((typeof result === 'string' || Array.isArray(result)) && result.length > max) {
      this.limit(
        line,
        `${name} returned more than ${max} ${typeof result === 'string' ? 'characters' : 'items'}`,
      );
    }
  }
}

function describe(node: ArgNode): string {
  switch (node.type) {
    case 'field':
      return `.${node.path.join('.')}`;
    case 'variable':
      return [node.name, ...node.path].join('.');
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
      return node.text;
    case 'bool':
      return String(node.value);
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'chain':
      return `(…).${node.path.join('.')}`;
    case 'pipe':
      return '(…)';
    case 'identifier':
      return node.name;
  }
}
