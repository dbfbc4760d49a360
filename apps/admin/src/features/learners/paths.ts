/** The learner pages' addresses (in the console, under /admin). */
export const learnerPaths = {
  list: '/learners',
  detail: (id: number) => `/learners/detail?id=${id}`,
};

/**
 * What the list hands the learner's page: its own search (`?q=…&state=…`), so 返回 goes back to
 * the list as it was filtered.
 */
export interface FromList {
  listSearch: string;
}

/** The list's address to go back to, from a learner page's location state. */
export function listFrom(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null && 'listSearch' in state
      ? String((state as FromList).listSearch)
      : '';
  return search.startsWith('?') ? `${learnerPaths.list}${search}` : learnerPaths.list;
}
