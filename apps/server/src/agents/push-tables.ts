/**
 * The tables an agent pushes upstream, in foreign-key order (a parent before the rows that
 * name it). `owner` says how the upstream decides whose row it is: its own agent_id column,
 * or the agent_id of the parent row named by `owner.via`.
 */
export type ForeignKey = { column: string; table: string };

export type PushTable = {
  name: PushTableName;
  /** Primary-key columns. */
  pk: readonly string[];
  /**
   * `location`: results an agent ran as one location of the upstream's own located checks;
   * taken when the check's canary names the agent (upstream-locations.ts).
   */
  owner: { kind: 'column' } | { kind: 'parent'; via: readonly ForeignKey[] } | { kind: 'location' };
  /** Nullable or not, references the upstream must already hold (else the row waits). */
  references: readonly ForeignKey[];
  /** Has a created_by column: the upstream stamps the agent's person there. */
  createdBy: boolean;
  /**
   * Another unique key than the primary one: a row that would collide on it with a different
   * row is refused (else the whole push would fail, and fail again at every retry).
   */
  unique?: readonly string[];
  /** The unique key holds only among rows not soft-deleted (a partial index WHERE deleted_at IS NULL). */
  uniqueLiveOnly?: boolean;
  /**
   * A live row of the pushing agent with the same unique key but another id is replaced
   * (soft-deleted) by the pushed one: the agent's own row is the one it runs and reports on.
   */
  replacesSameKey?: boolean;
};

export const PUSH_TABLE_NAMES = [
  'canaries',
  'config_scrapers',
  'checks',
  'check_statuses',
  'check_location_statuses',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'topologies',
  'components',
  'component_relationships',
  'job_history',
] as const;

export type PushTableName = (typeof PUSH_TABLE_NAMES)[number];

const own = { kind: 'column' } as const;

export const PUSH_TABLES: readonly PushTable[] = [
  { name: 'canaries', pk: ['id'], owner: own, references: [], createdBy: true },
  { name: 'config_scrapers', pk: ['id'], owner: own, references: [], createdBy: true },
  {
    name: 'checks',
    pk: ['id'],
    owner: own,
    references: [{ column: 'canary_id', table: 'canaries' }],
    createdBy: false,
    // Upstreams before this rule made checks of an assigned canary themselves, with other ids.
    unique: ['canary_id', 'type', 'name'],
    uniqueLiveOnly: true,
    replacesSameKey: true,
  },
  {
    name: 'check_statuses',
    pk: ['check_id', 'time'],
    owner: { kind: 'parent', via: [{ column: 'check_id', table: 'checks' }] },
    references: [{ column: 'check_id', table: 'checks' }],
    createdBy: false,
  },
  {
    name: 'check_location_statuses',
    pk: ['check_id', 'location', 'time'],
    owner: { kind: 'location' },
    references: [],
    createdBy: false,
  },
  {
    name: 'config_items',
    pk: ['id'],
    owner: own,
    references: [
      { column: 'scraper_id', table: 'config_scrapers' },
      { column: 'parent_id', table: 'config_items' },
    ],
    createdBy: false,
    unique: ['scraper_id', 'type', 'external_id'],
  },
  {
    name: 'config_changes',
    pk: ['id'],
    owner: { kind: 'parent', via: [{ column: 'config_id', table: 'config_items' }] },
    references: [{ column: 'config_id', table: 'config_items' }],
    createdBy: true,
  },
  {
    name: 'config_analysis',
    pk: ['id'],
    owner: { kind: 'parent', via: [{ column: 'config_id', table: 'config_items' }] },
    references: [
      { column: 'config_id', table: 'config_items' },
      { column: 'scraper_id', table: 'config_scrapers' },
    ],
    createdBy: false,
  },
  {
    name: 'config_relationships',
    pk: ['config_id', 'related_id', 'relation'],
    owner: {
      kind: 'parent',
      via: [
        { column: 'config_id', table: 'config_items' },
        { column: 'related_id', table: 'config_items' },
      ],
    },
    references: [
      { column: 'config_id', table: 'config_items' },
      { column: 'related_id', table: 'config_items' },
    ],
    createdBy: false,
  },
  { name: 'topologies', pk: ['id'], owner: own, references: [], createdBy: true },
  {
    name: 'components',
    pk: ['id'],
    owner: own,
    references: [
      { column: 'topology_id', table: 'topologies' },
      { column: 'parent_id', table: 'components' },
      { column: 'config_id', table: 'config_items' },
    ],
    createdBy: false,
  },
  {
    name: 'component_relationships',
    pk: ['component_id', 'relationship_id'],
    owner: {
      kind: 'parent',
      via: [
        { column: 'component_id', table: 'components' },
        { column: 'relationship_id', table: 'components' },
      ],
    },
    references: [
      { column: 'component_id', table: 'components' },
      { column: 'relationship_id', table: 'components' },
    ],
    createdBy: false,
  },
  { name: 'job_history', pk: ['id'], owner: own, references: [], createdBy: false },
];

/** Columns that only mean something in the database that holds them. */
export const LOCAL_COLUMNS = new Set(['is_pushed', 'push_seq', 'agent_id', 'created_by']);
