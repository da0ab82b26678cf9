/**
 * The server's expression engine: Go templates (`{{ }}` and `$( )`) and one CEL environment.
 * It sits below the domains: any domain imports it from here; it imports no domain.
 * See docs/expressions.md.
 */
export {
  DEFAULT_LIMITS,
  escapeMarkdownText,
  markdownValues,
  parseTemplate,
  renderDeep,
  renderTemplate,
  TemplateError,
  templateFunctions,
  Verbatim,
  type Delimiters,
  type OutputEscape,
  type RenderDeepOptions,
  type RenderOptions,
  type Template,
  type TemplateErrorKind,
  type TemplateFunction,
  type TemplateLimits,
} from './template/index.js';
export {
  CelError,
  celSyntaxProblem,
  compileCel,
  evalCel,
  evalCelBool,
  evalCelString,
  type CelErrorKind,
  type CelFunctions,
  type CelOptions,
  type CompiledCel,
} from './cel/index.js';
export { celDuration, inTimeRange } from './cel/ext-time.js';
export { formatDuration as formatGoDuration } from './common/duration.js';
