/** The pushing agent: its id (stamped on every row) and its person (stamped as created_by). */
export type Pusher = { agentId: string; personId: string | null };
