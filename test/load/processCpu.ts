import { readFileSync } from 'node:fs';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times (100 on every mainstream kernel). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used (user + system), or null where /proc is missing. On a shared
 * machine the server's CPU per request says more than wall-clock latency, which waits for a core.
 */
export function cpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
