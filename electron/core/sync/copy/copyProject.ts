import { findProjectById, type ProjectRow } from '../../db/repos/projectsRepo.js';
import {
  findServerCopy,
  markCopyProjectSent,
  restartServerCopy,
  setCopyTargetProject,
} from '../../db/repos/serverCopiesRepo.js';
import { RemoteError } from '../remoteError.js';
import { projectMarkerLine, type CopyRun } from './copyRun.js';

/*
 * The copy's project on the target: created once with the source's settings and a marker line
 * at the end of its description. The intent is on disk before the POST leaves; a run that finds
 * it there (an answer lost, a crash) searches the target's projects of that title for the marker
 * and only posts again when none carries it.
 */

interface RemoteProject {
  id: number;
  description?: string | null;
}

const bool = (value: number) => value === 1;

/** The project settings Label Studio takes on create, as the source holds them. */
export function projectBody(project: ProjectRow, title: string, markerLine: string): Record<string, unknown> {
  const description = project.description ? `${project.description}\n\n${markerLine}` : markerLine;
  return {
    title,
    description,
    label_config: project.label_config,
    expert_instruction: project.expert_instruction ?? '',
    show_instruction: bool(project.show_instruction),
    show_skip_button: bool(project.show_skip_button),
    enable_empty_annotation: bool(project.enable_empty_annotation),
    show_annotation_history: bool(project.show_annotation_history),
    color: project.color,
    maximum_annotations: project.maximum_annotations,
    model_version: project.model_version ?? '',
    min_annotations_to_start_training: project.min_annotations_to_start_training,
    show_collab_predictions: bool(project.show_collab_predictions),
    sampling: project.sampling,
    show_ground_truth_first: bool(project.show_ground_truth_first),
    show_overlap_first: bool(project.show_overlap_first),
    overlap_cohort_percentage: project.overlap_cohort_percentage,
    evaluate_predictions_automatically: bool(project.evaluate_predictions_automatically),
    skip_queue: project.skip_queue,
    reveal_preannotations_interactively: bool(project.reveal_preannotations_interactively),
  };
}

/** The target project whose description ends with the marker line, or null. */
async function findMarkedProject(run: CopyRun, title: string, markerLine: string): Promise<number | null> {
  for (let page = 1; ; page += 1) {
    let answer: { results: RemoteProject[]; next?: string | null };
    try {
      answer = await run.client.request('GET', '/api/projects/', { query: { title, page, page_size: 100 } });
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) return null;
      throw error;
    }
    const found = answer.results.find((project) => (project.description ?? '').endsWith(markerLine));
    if (found) return found.id;
    if (!answer.next || answer.results.length === 0) return null;
  }
}

/** Whether the target still has the project (someone may have deleted it since an earlier run). */
async function targetProjectExists(run: CopyRun, id: number): Promise<boolean> {
  try {
    await run.retry(() => run.client.request('GET', `/api/projects/${id}/`));
    return true;
  } catch (error) {
    if (error instanceof RemoteError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The target project's id, creating the project unless an earlier try already did. A project
 * deleted on the target since then takes the copy's record with it: the copy starts over.
 */
export async function ensureTargetProject(run: CopyRun): Promise<number> {
  let current = findServerCopy(run.db, run.copy.id)!;
  if (current.target_project_id !== null) {
    if (await targetProjectExists(run, current.target_project_id)) return current.target_project_id;
    run.progress.error(
      `project ${current.target_project_id}`,
      'the copy’s project is gone from the target: the copy starts over in a new project',
    );
    run.db.transaction(() => restartServerCopy(run.db, current.id))();
    current = findServerCopy(run.db, run.copy.id)!;
  }
  const project = findProjectById(run.db, current.project);
  if (!project) throw new Error(`project ${current.project} is gone here`);
  const markerLine = projectMarkerLine(current);
  let mayHaveLanded = current.create_sent === 1;
  const id = await run.retry(async () => {
    if (mayHaveLanded) {
      const found = await findMarkedProject(run, current.title, markerLine);
      if (found !== null) return found;
    }
    if (!mayHaveLanded) run.db.transaction(() => markCopyProjectSent(run.db, current.id))();
    mayHaveLanded = true;
    const created = await run.client.request<RemoteProject>('POST', '/api/projects/', {
      body: projectBody(project, current.title, markerLine),
    });
    return created.id;
  });
  run.db.transaction(() => setCopyTargetProject(run.db, current.id, id))();
  return id;
}
