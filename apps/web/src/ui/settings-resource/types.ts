import type { SpecTextWarning } from '../CodeEditor/types.js';
import type { Resource } from '@opsdeck/shared';
import type { ReactNode } from 'react';
import type { SettingsRow } from './row.js';

/** List columns of the settings pages, by id; the sortable ones are the table's own columns. */
export type SettingsColumnId =
  | 'name'
  | 'source'
  | 'schedule'
  | 'namespace'
  | 'job_status'
  | 'last_runtime'
  | 'last_failed'
  | 'tags'
  | 'created_at'
  | 'updated_at'
  | 'created_by';

/** Fields of the generic form besides Name and Spec, each shown only where the table has it. */
export type SettingsFormField = 'icon' | 'namespace' | 'labels' | 'schedule';

/** Says what is wrong with a spec ('path: message'), or undefined when it is fine. */
export type SpecCheck = (spec: Record<string, unknown>) => string | undefined;

/** A starting point for a new row's spec, offered above the spec editor. */
export type SpecTemplate = { label: string; spec: Record<string, unknown> };

/** A tab of the detail page beyond Spec and Job History (the teams' manageTeam). */
export type SettingsExtraTab = {
  value: string;
  label: string;
  render: (row: SettingsRow, canWrite: boolean) => ReactNode;
};

/** A list column a table adds to the common ones (the teams' member count); not sortable. */
export type SettingsExtraColumn = {
  id: string;
  header: string;
  size: number;
  /** Placed right after this common column. */
  after: SettingsColumnId;
  /** What the list query embeds for it, e.g. 'team_members(person_id)'. */
  select: string;
  cell: (row: SettingsRow) => ReactNode;
};

/**
 * One table of the generic settings pages (/settings/{table}): what the list
 * shows, what the form edits, which permission and feature guard it.
 */
export type SettingsTable = {
  /** The data-API table, also the URL segment. */
  table: string;
  /** The list's title and the submenu entry, e.g. 'Topologies'. */
  title: string;
  /** The singular name in toasts and the delete dialog, e.g. 'Topology'. */
  resourceName: string;
  /** Reading needs read on it; the add button, Save and Delete need write. */
  resource: Resource;
  /** Feature flag: `{feature}.disable = true` hides the submenu entry. */
  feature: string;
  /** The list's columns, in order. */
  columns: readonly SettingsColumnId[];
  /** Columns of this table alone, each placed after a common one. */
  extraColumns?: readonly SettingsExtraColumn[];
  /** Form fields besides Name and Spec; the table has a column for each. */
  fields: readonly SettingsFormField[];
  /** The table has agent_id: names show the agent's badge. */
  hasAgent: boolean;
  /** job_history.resource_type of the table's runs: Job Status, Last Failed and the Job History tab. */
  jobResourceType?: string;
  /** The JSON Schema the spec editor validates against as it is typed. */
  schemaUrl?: string;
  /** Starting points a new row's spec can be filled from. */
  templates?: readonly SpecTemplate[];
  /**
   * The spec is also offered as a form generated from `schemaUrl` (its flat top-level fields),
   * next to the YAML it opens on.
   */
  guidedSpec?: boolean;
  /**
   * With `guidedSpec`: objects of simple fields are form groups too (an incident rule's
   * template, filter and timeouts), and a new row opens on the form rather than the YAML.
   */
  guidedGroups?: boolean;
  /** With `guidedSpec`: lists of objects the form edits as cards, with their items' kinds (schemaFields). */
  guidedLists?: Readonly<Record<string, readonly string[]>>;
  /** Spec fields that name a person by email: the guided form offers the people as typed. */
  peopleFields?: readonly string[];
  /** Checked on submit; the server checks again on save. */
  checkSpec?: SpecCheck;
  /** Warnings about the spec's YAML as it is typed (event values pasted into scripts); saving still works. */
  specWarnings?: (text: string) => SpecTextWarning[];
  /**
   * The spec the form edits, for tables that keep it in columns (notifications). Such tables
   * take `spec` on write and store it in those columns themselves.
   */
  specOf?: (row: SettingsRow) => Record<string, unknown>;
  /** Tabs after Spec, before Job History. */
  extraTabs?: readonly SettingsExtraTab[];
  /** The tab a stored row opens on; Spec unless said otherwise. */
  defaultTab?: string;
  /** The delete dialog's question about `name`. */
  deleteQuestion?: (name: string) => string;
  /**
   * Where an update and a delete lead, for pages that edit the table from another list
   * (the integrations); without it, a delete goes to /settings/{table} and an update stays.
   */
  returnTo?: string;
};
