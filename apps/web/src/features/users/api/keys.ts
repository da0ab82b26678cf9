/** Every query key of the users area. */
export const userKeys = {
  all: ['identities'] as const,
};
