/** The all-zero UUID: the local agent, 'no agent' (spec 1 §3). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';
