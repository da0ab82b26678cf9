/** Every query key of the playbooks area; `all` reaches them all. */
export const playbookKeys = {
  all: ['playbooks'] as const,
  list: () => [...playbookKeys.all, 'list'] as const,
  names: () => [...playbookKeys.all, 'names'] as const,
  forResource: (kind: string, id: string) => [...playbookKeys.all, 'for-resource', kind, id] as const,
  params: (playbookId: string, kind: string, id: string) =>
    [...playbookKeys.all, 'params', playbookId, kind, id] as const,
  runs: (filters: object, pageIndex: number, pageSize: number, sort: object) =>
    [...playbookKeys.all, 'runs', filters, pageIndex, pageSize, sort] as const,
  run: (id: string) => [...playbookKeys.all, 'run', id] as const,
  steps: (runId: string) => [...playbookKeys.all, 'steps', runId] as const,
  step: (id: string) => [...playbookKeys.all, 'step', id] as const,
  options: (kind: string, text: string) => [...playbookKeys.all, 'options', kind, text] as const,
};
