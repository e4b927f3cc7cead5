/**
 * The label stream's trail: the tasks it showed, in order, and where I am in it. "Previous"
 * walks back along the trail; "next" walks forward, and at the front the stream asks the server
 * for the next task (after a submit or skip). Kept per project in sessionStorage so a reload
 * keeps the trail. Pure, for unit tests.
 */
export interface StreamTrail {
  visited: number[];
  position: number;
}

export const EMPTY_TRAIL: StreamTrail = { visited: [], position: -1 };

/** A task the stream gives: it becomes the front of the trail (once, even if given again). */
export function arrive(trail: StreamTrail, taskId: number): StreamTrail {
  const visited = trail.visited.filter((id) => id !== taskId);
  visited.push(taskId);
  return { visited, position: visited.length - 1 };
}

export const canGoBack = (trail: StreamTrail) => trail.position > 0;
export const canGoForward = (trail: StreamTrail) => trail.position >= 0 && trail.position < trail.visited.length - 1;
export const isAtFront = (trail: StreamTrail) => trail.position === trail.visited.length - 1;

export function back(trail: StreamTrail): StreamTrail {
  return canGoBack(trail) ? { ...trail, position: trail.position - 1 } : trail;
}

export function forward(trail: StreamTrail): StreamTrail {
  return canGoForward(trail) ? { ...trail, position: trail.position + 1 } : trail;
}

export function currentTask(trail: StreamTrail): number | null {
  return trail.visited[trail.position] ?? null;
}

const MAX_TRAIL = 500;

export function trailKey(projectId: number): string {
  return `outpost.labelStream.${projectId}`;
}

export function parseTrail(text: string | null): StreamTrail {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<StreamTrail> | null;
    const visited = Array.isArray(value?.visited) ? value.visited.filter((id) => Number.isInteger(id) && id > 0) : [];
    const position = Number.isInteger(value?.position) ? Number(value?.position) : visited.length - 1;
    return { visited, position: Math.min(Math.max(position, visited.length ? 0 : -1), visited.length - 1) };
  } catch {
    return EMPTY_TRAIL;
  }
}

export function serializeTrail(trail: StreamTrail): string {
  const drop = Math.max(0, trail.visited.length - MAX_TRAIL);
  return JSON.stringify({ visited: trail.visited.slice(drop), position: Math.max(trail.position - drop, -1) });
}
