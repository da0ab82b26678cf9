import { escapeMarkdownText, markdownValues, renderTemplate } from '../expr/index.js';
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
  'incident.created': 'Incident {{.incident.incident_id}} was opened: {{.incident.title}}',
  'incident.responder.added':
    '{{.incident.responder}} was added to {{.incident.incident_id}}: {{.incident.title}}',
  'incident.responder.removed':
    '{{.incident.responder}} was removed from {{.incident.incident_id}}: {{.incident.title}}',
  'incident.comment.added': 'New comment on {{.incident.incident_id}}: {{.incident.title}}',
  'incident.dod.added': 'Definition of done added to {{.incident.incident_id}}: {{.incident.title}}',
  'incident.dod.passed': 'Definition of done passed on {{.incident.incident_id}}: {{.incident.title}}',
  'incident.dod.regressed': 'Definition of done regressed on {{.incident.incident_id}}: {{.incident.title}}',
  'playbook.run.completed': 'Playbook {{.playbook.title}} has completed',
  'playbook.run.failed': 'Playbook {{.playbook.title}} has failed',
};

function defaultTitle(event: string, r: EventResource): string {
  const own = DEFAULT_TITLES[event];
  if (own) return own;
  const state = event.split('.')[1] ?? '';
  if (r.type === 'incident')
    return 'Incident {{.incident.incident_id}} is {{.incident.status}}: {{.incident.title}}';
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
  if (r.type === 'playbook') {
    return [
      'The run of playbook **{{.playbook.title}}** is {{.run.status}}.',
      '{{if .run.error}}\nError: {{.run.error}}\n{{end}}',
      '\n[View the run]({{.permalink}})',
    ].join('');
  }
  if (r.type === 'incident') {
    return [
      '**{{.incident.title}}** ({{.incident.incident_id}}, {{.incident.severity}} {{.incident.type}}) is {{.incident.status}}.',
      '{{if .incident.comment}}\n> {{.incident.comment}}\n{{end}}',
      '{{if .incident.evidence}}\nEvidence: {{.incident.evidence}}\n{{end}}',
      '\n[View the incident]({{.permalink}})',
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

/** One event as a message needs it (the pipeline's EventScope). */
type MessageEvent = { name: string; resource: EventResource; vars: Record<string, unknown> };

const RESOURCE_NOUN: Readonly<Record<string, string>> = {
  check: 'checks',
  config: 'configs',
  component: 'components',
  canary: 'canaries',
  incident: 'incidents',
  playbook: 'playbook runs',
};

/** The built-in lines naming a group's other resources, with links back to the console. */
function groupList(grouped: readonly MessageEvent[]): string {
  const lines = grouped.map(
    (g) =>
      `- [${escapeMarkdownText(g.resource.summary.name || g.resource.id, { lineStart: false })}](${String(g.vars.permalink)})`,
  );
  return `\n\nAlso in this group:\n${lines.join('\n')}`;
}

/**
 * The message of a rule for one event: its title and body templates, or the built-in ones.
 * `grouped` are the other events of its group (group_by) sent in the same message: templates
 * see every resource's name in `groupedResources`; the built-in title counts them and the
 * built-in body lists them. The body is Markdown whose values are text: what a check printed,
 * a config's or a component's fields are escaped (`[x](y)` stays those characters) unless the
 * template asks for Markdown with `{{ .x | markdown }}`. The title is plain text.
 */
export function renderMessage(
  rule: { title: string | null; template: string | null },
  event: MessageEvent,
  grouped: readonly MessageEvent[] = [],
): RenderedMessage {
  const r = event.resource;
  const vars = {
    ...event.vars,
    groupedResources: [event, ...grouped].map((g) => g.resource.summary.name || g.resource.id),
  };
  const ownTitle = Boolean(rule.title?.trim());
  let title = renderTemplate(ownTitle ? (rule.title ?? '') : defaultTitle(event.name, r), vars).trim();
  if (!ownTitle && grouped.length) {
    const noun = grouped.length === 1 ? r.type : (RESOURCE_NOUN[r.type] ?? r.type);
    title += ` (and ${grouped.length} more ${noun})`;
  }
  const ownBody = Boolean(rule.template?.trim());
  let markdown = renderTemplate(
    ownBody ? (rule.template ?? '') : defaultBody(r),
    vars,
    markdownValues(),
  ).trim();
  if (!ownBody && grouped.length) markdown += groupList(grouped);
  return { title, markdown, html: markdownToHtml(markdown) };
}
