import { createContext, useContext } from 'react';
import type { Mirror } from '../../api/mirrors';

/** The mirrored projects by local id, loaded once for a whole page of project cards (null until known). */
export const MirrorsContext = createContext<ReadonlyMap<number, Mirror> | null>(null);

/** The project's mirror, or null when it mirrors nothing (or the mirrors are not known yet). */
export function useMirror(projectId: number): Mirror | null {
  return useContext(MirrorsContext)?.get(projectId) ?? null;
}
