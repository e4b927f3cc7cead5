import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { findProjectById } from '../../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../../../domain/clock.js';
import { NotFoundError, ValidationError } from '../../../domain/errors.js';
import type { MlDeps } from '../../mlDeps.js';
import type { DetectorShape } from './detectorModel.js';
import { forgetDetectorInWorker, runImageJob } from '../imageWorker/imageWorker.js';

/*
 * The ONNX detector a project's built-in model uses (an Outpost-only setting). The file is
 * copied into the data folder, so the project keeps working when the original moves, beside a
 * JSON description of what the checks found. A project id can be reused after its project is
 * deleted: the description names the project's creation time, and a detector set for another
 * project of the same id is not used.
 */

export interface StoredDetector {
  project_created_at: string;
  /** Where the file was copied from; null when its bytes were uploaded. */
  source_path: string | null;
  file_name: string;
  size: number;
  /** The first 12 hex digits of the file's SHA-256: the predictions' model version names it. */
  sha256: string;
  set_at: string;
  score_threshold: number;
  shape: DetectorShape;
}

export interface DetectorRequest {
  path: string;
  class_names?: string[] | undefined;
  score_threshold?: number | undefined;
}

/** A model sent as the request's body (from a window that cannot name a file on this machine). */
export interface DetectorUpload {
  bytes: Uint8Array;
  file_name: string;
  class_names?: string[] | undefined;
  score_threshold?: number | undefined;
}

/** How long checking a model file may take before it is refused. */
const INSPECT_TIME_LIMIT_MS = 5 * 60_000;

export const DEFAULT_SCORE_THRESHOLD = 0.25;
const MAX_MODEL_BYTES = 2 ** 31;
/**
 * An upload is held in memory while it is checked: the largest YOLOv8/v11 exports (the x-sized
 * segmenters) are under 300 MB. A bigger file can still be set by its path.
 */
export const MAX_UPLOAD_BYTES = 512 * 2 ** 20;

function detectorDir(deps: MlDeps, project: number): string {
  return join(deps.dataDir, 'ml', 'detectors', String(project));
}

export const detectorModelPath = (deps: MlDeps, project: number) => join(detectorDir(deps, project), 'model.onnx');
const descriptionPath = (deps: MlDeps, project: number) => join(detectorDir(deps, project), 'detector.json');

/** The project's creation time; a 404 for an unknown project (checked before an upload is read, too). */
export function projectCreatedAt(deps: MlDeps, project: number): string {
  const row = findProjectById(deps.db, project);
  if (!row) throw new NotFoundError('No Project matches the given query.');
  return row.created_at;
}

/** Writes beside the target, then renames: a reader sees the old file or the new one, never half. */
function writeAtomically(path: string, bytes: Uint8Array | string): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
}

function readModelFile(path: string): Buffer {
  const refuse = (why: string) => new ValidationError({ path: [why] });
  const unreadable = (error: unknown) =>
    refuse(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw unreadable(error); // a name too long, a folder it may not enter
  }
  if (!stats) throw refuse(`There is no file at ${path}.`);
  if (!stats.isFile()) throw refuse(`${path} is not a file.`);
  // The ONNX format keeps a model's weights outside the file beyond this size; the runtime reads no such model.
  if (stats.size > MAX_MODEL_BYTES) throw refuse(`${path} is larger than 2 GB; an ONNX model file is not.`);
  try {
    return readFileSync(path);
  } catch (error) {
    throw unreadable(error);
  }
}

/** Checks the model and makes it the project's detector; the old one, if any, is replaced. */
async function storeDetector(
  deps: MlDeps,
  project: number,
  bytes: Uint8Array,
  source: { path: string | null; name: string; field: string },
  request: { class_names?: string[] | undefined; score_threshold?: number | undefined },
): Promise<StoredDetector> {
  const createdAt = projectCreatedAt(deps, project);
  // Opening a model runs it once, which can hold a thread for a second: the image worker does it.
  // A large model (hundreds of megabytes) takes far longer to open than an image to detect on.
  const inspection = await runImageJob(
    { kind: 'inspect', job: { bytes, classNames: request.class_names ?? null } },
    { timeLimitMs: INSPECT_TIME_LIMIT_MS },
  ).catch((error: unknown) => ({ error: (error as Error).message }));
  if ('error' in inspection) {
    throw new ValidationError({
      [source.field]: [`${source.name} cannot be used as a detector: ${inspection.error}.`],
    });
  }
  const { shape } = inspection;
  const stored: StoredDetector = {
    project_created_at: createdAt,
    source_path: source.path,
    file_name: source.name,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
    set_at: formatTimestamp(deps.clock()),
    score_threshold: request.score_threshold ?? DEFAULT_SCORE_THRESHOLD,
    shape,
  };
  mkdirSync(detectorDir(deps, project), { recursive: true });
  forgetDetectorInWorker(detectorModelPath(deps, project));
  writeAtomically(detectorModelPath(deps, project), bytes);
  writeAtomically(descriptionPath(deps, project), JSON.stringify(stored, null, 2));
  return stored;
}

/** Sets the model file at `request.path` (copied into the data folder). */
export async function setProjectDetector(
  deps: MlDeps,
  project: number,
  request: DetectorRequest,
): Promise<StoredDetector> {
  projectCreatedAt(deps, project);
  const path = resolve(request.path);
  const bytes = readModelFile(path);
  return storeDetector(deps, project, bytes, { path, name: basename(path), field: 'path' }, request);
}

/** Sets a model whose bytes were sent; refusals name the `file`. */
export async function uploadProjectDetector(
  deps: MlDeps,
  project: number,
  upload: DetectorUpload,
): Promise<StoredDetector> {
  projectCreatedAt(deps, project);
  const name = basename(upload.file_name.replaceAll('\\', '/')) || 'model.onnx';
  if (upload.bytes.length === 0) throw new ValidationError({ file: ["Send the model file's bytes as the body."] });
  return storeDetector(deps, project, upload.bytes, { path: null, name, field: 'file' }, upload);
}

/** The project's detector, or null when none is set (or one was set for a deleted project of the same id). */
export function findProjectDetector(deps: MlDeps, project: number): StoredDetector | null {
  const path = descriptionPath(deps, project);
  if (!existsSync(path) || !existsSync(detectorModelPath(deps, project))) return null;
  let stored: StoredDetector;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as StoredDetector;
  } catch {
    return null;
  }
  const row = findProjectById(deps.db, project);
  return row && row.created_at === stored.project_created_at ? stored : null;
}

/** Removes the files of a project's detector, if any: when it is unset, and when the project is deleted. */
export function forgetProjectDetectorFiles(deps: MlDeps, project: number): void {
  forgetDetectorInWorker(detectorModelPath(deps, project));
  rmSync(detectorDir(deps, project), { recursive: true, force: true });
}

export function removeProjectDetector(deps: MlDeps, project: number): void {
  projectCreatedAt(deps, project);
  forgetProjectDetectorFiles(deps, project);
}
