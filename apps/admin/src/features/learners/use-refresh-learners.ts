import { useQueryClient } from '@tanstack/react-query';
import { learnerKeys } from './api.ts';

/**
 * Refreshes what a change of a learner touches: their page, the list (state, points) and the
 * ledger (all under `learners`), and the audit log the change is written to.
 */
export function useRefreshLearners() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: learnerKeys.all }),
      client.invalidateQueries({ queryKey: ['audit'] }),
    ]);
}
