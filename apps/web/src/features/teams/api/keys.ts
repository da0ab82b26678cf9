/** Every query key of the teams area; `all` reaches them all (a saved team refreshes it). */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  team: (id: string | undefined) => [...teamKeys.all, 'team', id] as const,
  members: (teamId: string) => [...teamKeys.all, 'members', teamId] as const,
  /** Everyone who can be added to a team. */
  people: () => [...teamKeys.all, 'people'] as const,
};
