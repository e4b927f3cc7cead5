import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/queryKeys';

/**
 * Something about sync changed here (a run started or ended, a remote was added, edited or
 * removed): the remotes (status bar, sync page) and the mirrors (project badges) are read again
 * now rather than at their next poll. A remote's own projects are not: listing them asks the
 * remote, which only a finished run makes worth it.
 */
export function useSyncChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.remotes, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.mirrors });
  }, [queryClient]);
}
