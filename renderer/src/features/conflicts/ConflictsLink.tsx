import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchConflictCounts } from '../../api/conflicts';
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
  const [fetched, setFetched] = useState<number | null>(null);

  useEffect(() => {
    if (count !== undefined) return;
    const controller = new AbortController();
    fetchConflictCounts(client, controller.signal).then(
      (counts) => setFetched(counts[String(projectId)] ?? 0),
      // A badge is a hint: when the count cannot be read, the link is simply not shown.
      () => undefined,
    );
    return () => controller.abort();
  }, [client, projectId, count]);

  const open = count ?? fetched ?? 0;
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
