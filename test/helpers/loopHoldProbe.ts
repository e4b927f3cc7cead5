import { readFileSync } from 'node:fs';

/*
 * How long the event loop is held by one piece of synchronous work, in the main thread's CPU time
 * rather than wall time. A wall-clock delay histogram (monitorEventLoopDelay) also counts the time
 * the operating system had the process descheduled, which on a shared, loaded machine reaches
 * hundreds of ms with no fault in the code; the whole process's CPU (process.cpuUsage) also counts
 * V8's background compiler and GC threads, which run beside the loop without holding it. What the
 * main thread spent between two consecutive turns of a 1 ms timer is what the code between them
 * cost: CPU hogs beside the test do not inflate it.
 */

export interface LoopHoldProbe {
  /** Stops probing; returns the largest main-thread CPU time, in ms, spent between two turns of the loop. */
  stop(): { maxHoldCpuMs: number; turns: number };
}

type Clock = () => number;

/** Linux keeps each thread's time on the CPU, in ns, as the first field of its schedstat. */
function schedstatClock(): Clock | null {
  const read = (): number => Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1000;
  try {
    return Number.isFinite(read()) ? read : null;
  } catch {
    return null;
  }
}

/** Microseconds of CPU this thread has used: Node 23.9+ says so itself, Linux through /proc. */
function threadCpuClock(): Clock {
  const own = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  if (own) {
    return () => {
      const { user, system } = own.call(process);
      return user + system;
    };
  }
  return (
    schedstatClock() ??
    (() => {
      const { user, system } = process.cpuUsage();
      return user + system;
    })
  );
}

export function startLoopHoldProbe(): LoopHoldProbe {
  const cpuMicros = threadCpuClock();
  let last = cpuMicros();
  let maxHold = 0;
  let turns = 0;
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    const now = cpuMicros();
    maxHold = Math.max(maxHold, now - last);
    last = now;
    turns += 1;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      return { maxHoldCpuMs: maxHold / 1000, turns };
    },
  };
}
