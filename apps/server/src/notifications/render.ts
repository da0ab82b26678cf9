import { renderTemplate } from '../expr/index.js';
import type { RenderedMessage } from './deliver.js';
import type { EventResource } from './event-resource.js';
import { markdownToHtml } from './markdown.js';

/** Built-in titles per resource kind, for rules without a title (Mission Control's wording). */
const DEFAULT_TITLES: Readonly<Record<string, string>> = {
  'check.failed': 'Check {{.check.name}} has failed',
  'check.passed': 'Check {{.check.name}} has passed',
  'config.created': '{{.config.type}} {{.config.name}} was created',
  'config.updated': '{{.config.type}} {{.config.name}} was updated',
  'config.changed': '{{.config.type}} {{.config.name}} changed',
  'config.deleted': '{{.config.type}} {{.config.name}} was deleted',
};

function defaultTitle(event: string, r: EventResource): string {
  const own = DEFAULT_TITLES[event];
  if (own) return own;
  const state = event.split('.')[1] ?? '';
  return r.type === 'config'
    ? `{{.config.type}} {{.config.name}} is ${state}`
    : `Component {{.component.name}} is ${state}`;
}

/** Built-in bodies: what happened, the detail the event carries, and a link back to the console. */
function defaultBody(r: EventResource): string {
  if (r.type === 'check') {
    return [
      '**{{.check.name}}** ({{.check.type}}) in canary {{.canary.name}} is {{.check_status.status}}.',
      '{{if .check_status.message}}\nMessage: {{.check_status.message}}\n{{end}}',
      '{{if .check_status.error}}\nError: {{.check_status.error}}\n{{end}}',
      '\n[View the check]({{.permalink}})',
    ].join('');
  }
  if (r.type === 'config') {
    return [
      '**{{.config.name}}** ({{.config.type}}) is {{if .config.health}}{{.config.health}}{{else}}unknown{{end}}.',
      '{{if .config.summary}}\n{{.config.summary}}\n{{end}}',
      '{{if .config.status}}\nStatus: {{.config.status}}\n{{end}}',
      '\n[View the config]({{.permalink}})',
    ].join('');
  }
  return [
    '**{{.component.name}}** ({{.component.type}}) is {{.component.status}}.',
    '{{if .component.status_reason}}\n{{.component.status_reason}}\n{{end}}',
    '\n[View the component]({{.permalink}})',
  ].join('');
}

/** The message of a rule for one event: its title and body templates, or the built-in ones. */
export function renderMessage(
  rule: { title: string | null; template: string | null },
  event: string,
  r: EventResource,
  vars: Record<string, unknown>,
): RenderedMessage {
  const title = renderTemplate(rule.title?.trim() ? rule.title : defaultTitle(event, r), vars).trim();
  const markdown = renderTemplate(rule.template?.trim() ? rule.template : defaultBody(r), vars).trim();
  return { title, markdown, html: markdownToHtml(markdown) };
}
