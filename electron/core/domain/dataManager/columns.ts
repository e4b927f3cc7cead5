import type { DmColumn, DmColumnsAnswer } from '../../../../shared/api/dataManager.js';
import { listMemberIds, listProjectModelVersions } from '../../db/repos/dmProjectRepo.js';
import type { DomainContext } from '../context.js';
import { getProjectRow } from '../projects/getProject.js';
import { projectDataKeys } from './projectDataKeys.js';

/*
 * `GET /api/dm/columns/?project=` (Label Studio's get_all_columns): one column per data key (the
 * label config's first, then keys found in the tasks), the built-in task columns, and the `data`
 * parent listing the data keys.
 */

const UNDEFINED_KEY = '$undefined$';
const MEDIA_TYPES = new Set(['Image', 'Audio', 'AudioPlus', 'Video', 'Unknown']);

/** Label Studio writes `help` before `target` for a few columns and after it for the rest. */
const HELP_FIRST = new Set(['id', 'inner_id', 'avg_lead_time', 'draft_exists']);

function builtIn(
  id: string,
  title: string,
  type: string,
  help: string,
  explore: boolean,
  labeling: boolean,
  extra: Pick<DmColumn, 'schema'> = {},
): DmColumn {
  const described = HELP_FIRST.has(id) ? { help, target: 'tasks' as const } : { target: 'tasks' as const, help };
  return {
    id,
    title,
    type,
    ...described,
    ...extra,
    visibility_defaults: { explore, labeling },
    project_defined: false,
  } satisfies DmColumn;
}

function taskColumns(members: number[], modelVersions: string[]): DmColumn[] {
  const users = { schema: { items: members } };
  return [
    builtIn('id', 'ID', 'Number', 'Task ID', true, false),
    builtIn('inner_id', 'Inner ID', 'Number', 'Internal task ID starting from 1 for the current project', false, false),
    builtIn('completed_at', 'Completed', 'Datetime', 'Last annotation date', true, false),
    builtIn('total_annotations', 'Annotations', 'Number', 'Total annotations per task', true, true),
    builtIn('cancelled_annotations', 'Cancelled', 'Number', 'Total cancelled (skipped) annotations', true, false),
    builtIn('total_predictions', 'Predictions', 'Number', 'Total predictions per task', true, false),
    builtIn('annotators', 'Annotated by', 'List', 'All users who completed the task', true, false, users),
    builtIn(
      'annotations_results',
      'Annotation results',
      'String',
      'Annotation results stacked over all annotations',
      false,
      false,
    ),
    builtIn('annotations_ids', 'Annotation IDs', 'String', 'Annotation IDs stacked over all annotations', false, false),
    builtIn(
      'predictions_score',
      'Prediction score',
      'Number',
      'Average prediction score over all task predictions',
      false,
      false,
    ),
    builtIn(
      'predictions_model_versions',
      'Prediction model versions',
      'List',
      'Model versions aggregated over all predictions',
      false,
      false,
      {
        schema: { items: modelVersions, multiple: true },
      },
    ),
    builtIn(
      'predictions_results',
      'Prediction results',
      'String',
      'Prediction results stacked over all predictions',
      false,
      false,
    ),
    builtIn('file_upload', 'Upload filename', 'String', 'Filename of uploaded file', false, false),
    builtIn('storage_filename', 'Storage filename', 'String', 'Filename from import storage', false, false),
    builtIn('created_at', 'Created at', 'Datetime', 'Task creation time', false, false),
    builtIn('updated_at', 'Updated at', 'Datetime', 'Task update time', false, false),
    builtIn('updated_by', 'Updated by', 'List', 'User who did the last task update', false, false, users),
    builtIn('avg_lead_time', 'Lead Time', 'Number', 'Average lead time over all annotations (seconds)', false, false),
    builtIn('draft_exists', 'Drafts', 'Boolean', 'True if at least one draft exists for the task', false, false),
    // Hidden until chosen, as most computed columns are: the default set already fills a 1440 px window.
    builtIn('agreement', 'Agreement', 'Number', 'Agreement between the annotators of the task', false, false),
  ];
}

/** Label Studio's Project.get_model_versions(): the predictions' versions, plus the project's own when set. */
export function projectModelVersions(ctx: DomainContext, project: number, own: string | null): string[] {
  const versions = listProjectModelVersions(ctx.db, project);
  if (own && !versions.includes(own)) versions.push(own);
  return versions;
}

export function listColumns(ctx: DomainContext, projectId: number): DmColumnsAnswer {
  const project = getProjectRow(ctx, projectId);
  const configTypes = Object.entries(JSON.parse(project.data_types) as Record<string, string>).filter(
    ([key]) => !key.includes('['),
  );
  const types = new Map<string, string>(configTypes);
  for (const key of projectDataKeys(ctx.db, projectId)) if (!types.has(key)) types.set(key, 'Unknown');
  // The config's first data key takes `$undefined$` values when shown, so that column goes.
  if (configTypes.length > 0) types.delete(UNDEFINED_KEY);
  const configKeys = new Set(configTypes.map(([key]) => key));
  const dataColumns = [...types].map(([key, type]): DmColumn => ({
    id: key,
    title: key === UNDEFINED_KEY ? 'data' : key,
    type: MEDIA_TYPES.has(type) ? type : 'String',
    target: 'tasks',
    parent: 'data',
    visibility_defaults: { explore: true, labeling: configKeys.has(key) || key === UNDEFINED_KEY },
    project_defined: true,
  }));
  const root: DmColumn = {
    id: 'data',
    title: 'data',
    type: 'List',
    target: 'tasks',
    children: dataColumns.map((column) => column.id),
    project_defined: false,
  };
  const versions = projectModelVersions(ctx, projectId, project.model_version);
  return { columns: [...dataColumns, ...taskColumns(listMemberIds(ctx.db), versions), root] };
}
