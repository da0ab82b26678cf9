/** Every query key of the teams area; `all` reaches them all. */
export const teamKeys = {
  all: ['teams'] as const,
  members: (teamId: string) => [...teamKeys.all, 'members', teamId] as const,
  /** Everyone who can be added to a team. */
  people: () => [...teamKeys.all, 'people'] as const,
};
