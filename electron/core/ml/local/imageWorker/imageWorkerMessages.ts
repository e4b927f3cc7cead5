import type { DetectAnswer, DetectJob } from '../detector/detectOnTask.js';
import type { DetectorInspection } from '../detector/detectorModel.js';
import type { SegmentAnswer, SegmentJob } from '../segment/segmentImage.js';

/* What passes between the server's thread and the image worker's: plain data only. */

export type ImageWork =
  | { kind: 'detect'; job: DetectJob }
  | { kind: 'segment'; job: SegmentJob }
  /** A model file being set for a project: is it a detector, and of what shape. */
  | { kind: 'inspect'; job: { bytes: Uint8Array; classNames: string[] | null } };

interface Answers {
  detect: DetectAnswer;
  segment: SegmentAnswer;
  inspect: DetectorInspection;
}

export type ImageAnswer<Work extends ImageWork> = Answers[Work['kind']];

export type ImageWorkerRequest =
  | { type: 'job'; id: number; work: ImageWork }
  /** A detector file replaced or removed: its opened model is released once no job uses it. */
  | { type: 'forget'; modelPath: string };

/** A job's answer, or the message of what it threw (the job's own failures are in its answer). */
export type ImageWorkerReply = { id: number; answer: Answers[ImageWork['kind']] } | { id: number; failure: string };
