import { useEffect, useState, type ReactNode } from 'react';
import { useApi } from '../../api/apiContext';
import { listMirrors, type Mirror } from '../../api/mirrors';
import { MirrorsContext } from './mirrorsContext';
import { onSyncNudge } from './syncNudge';

/**
 * Loads `/api/outpost/mirrors/` once for everything below it (every project card would
 * otherwise ask on its own), and again when the sync page says something changed.
 */
export function MirrorsProvider({ children }: { children: ReactNode }) {
  const client = useApi();
  const [mirrors, setMirrors] = useState<ReadonlyMap<number, Mirror> | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => onSyncNudge(() => setGeneration((value) => value + 1)), []);
  useEffect(() => {
    const controller = new AbortController();
    listMirrors(client, { signal: controller.signal }).then(
      (list) => setMirrors(new Map(list.map((mirror) => [mirror.project, mirror]))),
      // Badges are hints: when the mirrors cannot be read, the cards simply show none.
      () => undefined,
    );
    return () => controller.abort();
  }, [client, generation]);

  return <MirrorsContext.Provider value={mirrors}>{children}</MirrorsContext.Provider>;
}
