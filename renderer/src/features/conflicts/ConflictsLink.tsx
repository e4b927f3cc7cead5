import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { fetchConflictCounts } from '../../api/conflicts';
import { queryKeys } from '../../api/queryKeys';
import { routes } from '../../router';
import '../../styles/conflicts.css';
import { pluralize } from '../../../../shared/text/counts';

interface ConflictsLinkProps {
  projectId: number;
  current: boolean;
  /** A count the page already knows (the conflicts page keeps it live); otherwise it is fetched. */
  count?: number;
}

/**
 * "N conflicts" beside a project's pages, shown only while it has open sync conflicts (and always
 * on the conflicts page itself, so the page's tab never vanishes under the reader).
 */
export function ConflictsLink({ projectId, current, count }: ConflictsLinkProps) {
  const client = useApi();
  // A badge is a hint: when the counts cannot be read, the link is simply not shown.
  const { data: counts } = useQuery({
    queryKey: queryKeys.conflictCounts,
    queryFn: ({ signal }) => fetchConflictCounts(client, signal),
    enabled: count === undefined,
  });

  const open = count ?? counts?.[String(projectId)] ?? 0;
  if (open === 0 && !current) return null;
  return (
    <a
      className={`nav-link conflicts-link${open > 0 ? ' conflicts-link--open' : ''}`}
      href={routes.projectConflicts(projectId)}
      aria-current={current ? 'page' : undefined}
    >
      {open === 0 ? 'Conflicts' : pluralize(open, 'conflict')}
    </a>
  );
}
