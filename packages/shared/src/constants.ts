/** The all-zero UUID: the local agent, 'no agent'. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';
