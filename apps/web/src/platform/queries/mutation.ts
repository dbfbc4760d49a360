import { type InvalidateQueryFilters, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that refreshes the queries `refresh` names once it went through (a signup refreshes
 * every list and detail that shows it); the mutation settles after the refresh has started.
 */
export function useRefreshingMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: InvalidateQueryFilters,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries(refresh) });
}
