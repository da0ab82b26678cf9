import type {
  ArgNode,
  BranchNode,
  CommandNode,
  ListNode,
  Node,
  ParsedTemplate,
  PipeNode,
  TemplateNode,
} from './ast.js';
import { TemplateError } from './errors.js';
import type { Token, TokenType } from './lexer.js';
import { parseNumber, unquote } from './literals.js';

/**
 * Builds the node tree from tokens, following Go's text/template/parse: control structures,
 * pipelines with declarations, commands, operands with field chains. Variables must be
 * declared before use (as in Go). Function names are resolved when rendering, because a
 * name may also be a key of the data (value functions).
 */

/** `{{end}}` / `{{else}}` end the list being read; `chain` is the `if`/`with` of `else if`. */
type Terminator = { type: 'end' | 'else'; line: number; chain?: 'if' | 'with' };

const isTerminator = (n: Node | Terminator): n is Terminator => n.type === 'end' || n.type === 'else';

const MAX_NESTING = 200;
const OPERAND_START: ReadonlySet<TokenType> = new Set([
  'bool',
  'char',
  'dot',
  'field',
  'identifier',
  'number',
  'nil',
  'rawString',
  'string',
  'variable',
  'leftParen',
]);

export class Parser {
  private i = 0;
  private vars: string[] = ['$'];
  private rangeDepth = 0;
  private nesting = 0;
  private readonly defines = new Map<string, ListNode>();
  private readonly blocks = new Map<string, ListNode>();

  constructor(private readonly tokens: Token[]) {}

  parse(): ParsedTemplate {
    const root: ListNode = { type: 'list', nodes: [] };
    while (this.peek().type !== 'eof') {
      if (this.peek().type === 'leftDelim') {
        const save = this.i;
        this.next();
        const t = this.nextNonSpace();
        if (t.type === 'keyword' && t.value === 'define') {
          this.parseDefinition(t.line);
          continue;
        }
        this.i = save;
      }
      const n = this.textOrAction();
      if (isTerminator(n)) this.fail(n.line, `unexpected {{${n.type}}}`);
      root.nodes.push(n);
    }
    const defines = new Map(this.blocks);
    for (const [name, body] of this.defines) defines.set(name, body);
    return { root, defines };
  }

  // --- token helpers -------------------------------------------------------------------

  private peek(): Token {
    return this.tokens[this.i] ?? this.tokens[this.tokens.length - 1]!;
  }

  private next(): Token {
    const t = this.peek();
    if (t.type !== 'eof') this.i++;
    return t;
  }

  private peekNonSpace(): Token {
    while (this.peek().type === 'space') this.i++;
    return this.peek();
  }

  private nextNonSpace(): Token {
    this.peekNonSpace();
    return this.next();
  }

  private fail(line: number, detail: string): never {
    throw new TemplateError('parse', line, detail);
  }

  private unexpected(t: Token, context: string): never {
    this.fail(t.line, `unexpected ${describe(t)} in ${context}`);
  }

  private expectRightDelim(context: string): void {
    const t = this.nextNonSpace();
    if (t.type !== 'rightDelim') this.unexpected(t, context);
  }

  private enter(line: number): void {
    if (++this.nesting > MAX_NESTING) this.fail(line, `nesting deeper than ${MAX_NESTING} levels`);
  }

  // --- structure -----------------------------------------------------------------------

  private parseDefinition(line: number): void {
    const nameToken = this.nextNonSpace();
    if (nameToken.type !== 'string' && nameToken.type !== 'rawString')
      this.unexpected(nameToken, 'define clause');
    const name = this.stringValue(nameToken);
    this.expectRightDelim('define clause');
    const outer = this.vars;
    this.vars = ['$'];
    const { list, end } = this.itemList();
    this.vars = outer;
    if (end.type !== 'end') this.fail(end.line, `unexpected {{${end.type}}} in define clause`);
    if (this.defines.has(name)) this.fail(line, `template: multiple definition of template "${name}"`);
    this.defines.set(name, list);
  }

  private itemList(): { list: ListNode; end: Terminator } {
    const list: ListNode = { type: 'list', nodes: [] };
    while (this.peekNonSpace().type !== 'eof') {
      const n = this.textOrAction();
      if (isTerminator(n)) return { list, end: n };
      list.nodes.push(n);
    }
    this.fail(this.peek().line, 'unexpected EOF');
  }

  private textOrAction(): Node | Terminator {
    const t = this.nextNonSpace();
    if (t.type === 'text') return { type: 'text', line: t.line, text: t.value };
    if (t.type !== 'leftDelim') this.unexpected(t, 'input');
    if (t.raw === undefined) return this.action();
    // A lenient `$( … )` that does not parse stays in the output as it was written.
    const save = { i: this.i, vars: this.vars.length, rangeDepth: this.rangeDepth, nesting: this.nesting };
    try {
      const node = this.action();
      if (node.type === 'action') node.raw = t.raw;
      return node;
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      this.i = save.i;
      this.vars.length = save.vars;
      this.rangeDepth = save.rangeDepth;
      this.nesting = save.nesting;
      while (this.next().type !== 'rightDelim');
      return { type: 'text', line: t.line, text: t.raw };
    }
  }

  private action(): Node | Terminator {
    const t = this.nextNonSpace();
    if (t.type === 'keyword') {
      switch (t.value) {
        case 'block':
          return this.blockControl(t.line);
        case 'break':
        case 'continue':
          this.expectRightDelim(t.value);
          if (this.rangeDepth === 0) this.fail(t.line, `{{${t.value}}} outside {{range}}`);
          return { type: t.value, line: t.line };
        case 'else':
          return this.elseControl(t.line);
        case 'end':
          this.expectRightDelim('end');
          return { type: 'end', line: t.line };
        case 'if':
        case 'range':
        case 'with':
          return this.control(t.value, t.line);
        case 'template':
          return this.templateControl(t.line);
        default:
          this.unexpected(t, 'command');
      }
    }
    this.i--;
    return { type: 'action', line: t.line, pipe: this.pipeline('command', 'rightDelim') };
  }

  private elseControl(line: number): Terminator {
    const t = this.peekNonSpace();
    if (t.type === 'keyword' && (t.value === 'if' || t.value === 'with')) {
      this.next();
      return { type: 'else', line, chain: t.value };
    }
    this.expectRightDelim('else');
    return { type: 'else', line };
  }

  private control(kind: 'if' | 'range' | 'with', line: number): BranchNode {
    this.enter(line);
    const savedVars = this.vars.length;
    const pipe = this.pipeline(kind, 'rightDelim');
    if (kind === 'range') this.rangeDepth++;
    const { list, end } = this.itemList();
    if (kind === 'range') this.rangeDepth--;
    let elseList: ListNode | undefined;
    if (end.type === 'else') {
      if (end.chain === kind) {
        // `{{else if x}}` is `{{else}}{{if x}}…{{end}}{{end}}` sharing one `{{end}}`.
        elseList = { type: 'list', nodes: [this.control(kind, end.line)] };
      } else if (end.chain) {
        // `{{else with}}` inside an `if` (or the reverse) opens a structure with its own `{{end}}`.
        const nested = this.control(end.chain, end.line);
        const rest = this.itemList();
        if (rest.end.type !== 'end') this.fail(rest.end.line, `expected {{end}}; found {{${rest.end.type}}}`);
        elseList = { type: 'list', nodes: [nested, ...rest.list.nodes] };
      } else {
        const rest = this.itemList();
        if (rest.end.type !== 'end') this.fail(rest.end.line, `expected {{end}}; found {{${rest.end.type}}}`);
        elseList = rest.list;
      }
    }
    this.vars.length = savedVars;
    this.nesting--;
    return { type: kind, line, pipe, list, elseList };
  }

  private templateControl(line: number): TemplateNode {
    const nameToken = this.nextNonSpace();
    if (nameToken.type !== 'string' && nameToken.type !== 'rawString')
      this.unexpected(nameToken, 'template clause');
    const name = this.stringValue(nameToken);
    if (this.peekNonSpace().type === 'rightDelim') {
      this.next();
      return { type: 'template', line, name };
    }
    return { type: 'template', line, name, pipe: this.pipeline('template clause', 'rightDelim') };
  }

  private blockControl(line: number): TemplateNode {
    const nameToken = this.nextNonSpace();
    if (nameToken.type !== 'string' && nameToken.type !== 'rawString')
      this.unexpected(nameToken, 'block clause');
    const name = this.stringValue(nameToken);
    const pipe = this.pipeline('block clause', 'rightDelim');
    const outer = this.vars;
    this.vars = ['$'];
    const { list, end } = this.itemList();
    this.vars = outer;
    if (end.type !== 'end') this.fail(end.line, `unexpected {{${end.type}}} in block clause`);
    this.blocks.set(name, list);
    return { type: 'template', line, name, pipe };
  }

  // --- pipelines -----------------------------------------------------------------------

  private pipeline(context: string, end: 'rightDelim' | 'rightParen'): PipeNode {
    const start = this.peekNonSpace();
    this.enter(start.line);
    const pipe: PipeNode = { type: 'pipe', line: start.line, decl: [], isAssign: false, cmds: [] };
    this.declarations(pipe, context);
    for (;;) {
      const t = this.nextNonSpace();
      if (t.type === end) break;
      if (!OPERAND_START.has(t.type)) this.unexpected(t, context);
      this.i--;
      pipe.cmds.push(this.command());
    }
    if (pipe.cmds.length === 0) this.fail(start.line, `missing value for ${context}`);
    pipe.cmds.forEach((cmd, stage) => {
      const first = cmd.args[0];
      if (stage > 0 && first && ['bool', 'dot', 'nil', 'number', 'string'].includes(first.type)) {
        this.fail(cmd.line, `non executable command in pipeline stage ${stage + 1}`);
      }
    });
    this.nesting--;
    return pipe;
  }

  /** `$x :=`, `$x =`, and in a range `$i, $v :=`; otherwise leaves the tokens alone. */
  private declarations(pipe: PipeNode, context: string): void {
    const save = this.i;
    const first = this.peekNonSpace();
    if (first.type !== 'variable') return;
    this.next();
    const names = [first.value];
    let op = this.peekNonSpace();
    if (op.type === 'comma') {
      if (context !== 'range') this.fail(op.line, `too many declarations in ${context}`);
      this.next();
      const second = this.nextNonSpace();
      if (second.type !== 'variable') this.fail(second.line, 'range can only initialize variables');
      names.push(second.value);
      op = this.peekNonSpace();
      if (op.type !== 'declare' && op.type !== 'assign') this.unexpected(op, context);
    }
    if (op.type !== 'declare' && op.type !== 'assign') {
      this.i = save;
      return;
    }
    this.next();
    pipe.isAssign = op.type === 'assign';
    for (const name of names) {
      if (pipe.isAssign && !this.vars.includes(name)) this.fail(op.line, `undefined variable "${name}"`);
      pipe.decl.push(name);
    }
    if (!pipe.isAssign) this.vars.push(...names);
  }

  private command(): CommandNode {
    const cmd: CommandNode = { line: this.peekNonSpace().line, args: [] };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand) cmd.args.push(operand);
      const t = this.next();
      if (t.type === 'space') continue;
      if (t.type === 'rightDelim' || t.type === 'rightParen') this.i--;
      else if (t.type !== 'pipe') this.unexpected(t, 'operand');
      else if (['rightDelim', 'rightParen'].includes(this.peekNonSpace().type))
        this.fail(t.line, 'missing command after |');
      break;
    }
    if (cmd.args.length === 0) this.fail(cmd.line, 'empty command');
    return cmd;
  }

  private operand(): ArgNode | undefined {
    const node = this.term();
    if (!node || this.peek().type !== 'field') return node;
    const path: string[] = [];
    while (this.peek().type === 'field') path.push(this.next().value.slice(1));
    switch (node.type) {
      case 'field':
        return { ...node, path: [...node.path, ...path] };
      case 'variable':
        return { ...node, path: [...node.path, ...path] };
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        return this.fail(node.line, `unexpected . after term "${path.join('.')}"`);
      default:
        return { type: 'chain', line: node.line, node, path };
    }
  }

  private term(): ArgNode | undefined {
    const t = this.nextNonSpace();
    const line = t.line;
    switch (t.type) {
      case 'identifier':
        return { type: 'identifier', line, name: t.value };
      case 'dot':
        return { type: 'dot', line };
      case 'nil':
        return { type: 'nil', line };
      case 'variable':
        if (!this.vars.includes(t.value)) this.fail(line, `undefined variable "${t.value}"`);
        return { type: 'variable', line, name: t.value, path: [] };
      case 'field':
        return { type: 'field', line, path: [t.value.slice(1)] };
      case 'bool':
        return { type: 'bool', line, value: t.value === 'true' };
      case 'char': {
        const text = this.stringValue(t);
        if ([...text].length !== 1) this.fail(line, `malformed character constant: ${t.value}`);
        return { type: 'number', line, value: text.codePointAt(0) ?? 0, text: t.value };
      }
      case 'number':
        try {
          return { type: 'number', line, value: parseNumber(t.value).value, text: t.value };
        } catch (e) {
          return this.fail(line, (e as Error).message);
        }
      case 'string':
      case 'rawString':
        return { type: 'string', line, value: this.stringValue(t) };
      case 'leftParen':
        return this.pipeline('parenthesized pipeline', 'rightParen');
      default:
        this.i--;
        return undefined;
    }
  }

  private stringValue(t: Token): string {
    try {
      return unquote(t.value);
    } catch (e) {
      this.fail(t.line, `${(e as Error).message} in ${t.value}`);
    }
  }
}

function describe(t: Token): string {
  switch (t.type) {
    case 'eof':
      return 'EOF';
    case 'rightDelim':
    case 'leftDelim':
      return `"${t.value}"`;
    case 'keyword':
      return `<${t.value}>`;
    case 'space':
      return 'space';
    default:
      return `${t.type} ${JSON.stringify(t.value)}`;
  }
}
