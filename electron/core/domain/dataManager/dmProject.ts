import { countProjectTasksAndAnnotations } from '../../db/repos/dmProjectRepo.js';
import type { DomainContext } from '../context.js';
import { ALL_FIELDS } from '../flexFields.js';
import { getProject } from '../projects/getProject.js';

/**
 * `GET /api/dm/project/?project=` (Label Studio's ProjectStateAPI): the project object plus what
 * the Data Manager needs to draw itself. Everyone may manage tasks in Community Edition, and
 * Outpost has no storages to be syncing.
 */
export function getDmProject(ctx: DomainContext, userId: number, projectId: number): Record<string, unknown> {
  return ctx.db.transaction(() => {
    const project = getProject(ctx, userId, projectId, ALL_FIELDS);
    const counts = countProjectTasksAndAnnotations(ctx.db, projectId);
    return {
      ...project,
      can_delete_tasks: true,
      can_manage_annotations: true,
      can_manage_tasks: true,
      source_syncing: false,
      target_syncing: false,
      task_count: counts.tasks,
      annotation_count: counts.annotations,
      config_has_control_tags: Object.keys((project.parsed_label_config as Record<string, unknown>) ?? {}).length > 0,
    };
  })();
}
