import { fetchTaskMedia, mediaAddresses } from './taskMedia';

/*
 * The media of the tasks the label stream is about to show, fetched while the annotator works on
 * the one before: the editor gets the next task's bytes at once. Entries are kept by the task
 * data's media addresses, for the last few tasks only (a task's files can be large).
 */

const KEEP = 3;
const fetched = new Map<string, Promise<Record<string, Blob>>>();

/**
 * The task's media (see `fetchTaskMedia`), fetched once for this and the next few calls that name
 * the same files: the stream asks ahead, the editor frame asks again when the task shows.
 */
export function taskMediaOnce(data: unknown, origin: string): Promise<Record<string, Blob>> {
  const addresses = mediaAddresses(data, origin);
  if (addresses.length === 0) return Promise.resolve({});
  const key = addresses.join('\n');
  const known = fetched.get(key);
  // Most recently asked goes last, so the oldest is the one let go.
  fetched.delete(key);
  const media = known ?? fetchTaskMedia(data, origin);
  fetched.set(key, media);
  for (const oldest of fetched.keys()) {
    if (fetched.size <= KEEP) break;
    fetched.delete(oldest);
  }
  return media;
}
