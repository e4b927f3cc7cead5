import { formatCount } from '../../../shared/text/counts.js';
import { formatTimeLeft, progressUnit } from '../../../shared/text/timeLeft.js';
import type { Clock } from '../domain/clock.js';
import { createProgressRate } from '../sync/engine/progressRate.js';
import type { SyncPhase, SyncProgress } from '../sync/syncTypes.js';

/*
 * `outpost sync`'s progress on stderr (stdout holds only the result): a line per phase, and per
 * count one that says where, how far and, once there is a pace, about how long is left:
 *   sync: pull project 5 (1 of 1)
 *   sync:   pull project 5 (1 of 1): 3,200 of 100,000 tasks, about 2 min left
 */

export function stderrProgress(err: (line: string) => void, clock: Clock): SyncProgress {
  const rate = createProgressRate(clock);
  let phase: SyncPhase | null = null;
  let detail: string | undefined;
  return {
    phase(next, nextDetail) {
      phase = next;
      detail = nextDetail;
      rate.restart();
      err(`sync: ${next}${nextDetail ? ` ${nextDetail}` : ''}`);
    },
    items(done, total, bytes) {
      const where = `${phase ?? 'sync'}${detail ? ` ${detail}` : ''}`;
      const count = `${formatCount(done)}${total === null ? '' : ` of ${formatCount(total)}`} ${progressUnit(phase)}`;
      const secondsLeft = rate.secondsLeft(done, total);
      const size = bytes ? `, ${formatCount(bytes)} bytes` : '';
      const left = secondsLeft === null ? '' : `, ${formatTimeLeft(secondsLeft)}`;
      err(`sync:   ${where}: ${count}${size}${left}`);
    },
    error: (item, message) => err(`sync: error: ${item}: ${message}`),
  };
}
