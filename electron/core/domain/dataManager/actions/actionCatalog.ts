import type { DmAction } from '../../../../../shared/api/dataManager.js';
import { listProjectAnnotators } from '../../../db/repos/dmProjectRepo.js';
import type { DomainContext } from '../../context.js';
import { getProjectRow } from '../../projects/getProject.js';
import { countModelVersions } from '../../../db/repos/predictionsRepo.js';
import { DomainError } from '../../errors.js';

/*
 * The Data Manager actions Outpost runs, described as Label Studio's GET /api/dm/actions/ lists
 * them (its texts, orders and permission codes). Actions Outpost cannot run (label caching,
 * experimental ones) are not offered. Retrieving predictions is run by the ML layer.
 */

type Form = unknown[];

interface CatalogEntry extends Omit<DmAction, 'dialog'> {
  dialog: { title?: string; text: string; type: 'confirm'; form?: (ctx: DomainContext, project: number) => Form };
}

/** Label Studio's delete_tasks_annotations_form: an optional annotator to limit the deletion to. */
function annotatorForm(ctx: DomainContext, project: number): Form {
  const options = listProjectAnnotators(ctx.db, project).map((user) => ({
    value: String(user.id),
    label: `${user.first_name} ${user.last_name}`.trim() || user.username || user.email,
  }));
  return [
    {
      columnCount: 1,
      fields: [
        { type: 'select', name: 'annotator', label: 'Annotator', options, placeholder: 'All', searchable: true },
      ],
    },
  ];
}

/**
 * Label Studio's predictions_to_annotations_form: the prediction model versions, newest first,
 * with the project's own model version (when set) on top and preselected.
 */
function modelVersionForm(ctx: DomainContext, project: number): Form {
  const own = getProjectRow(ctx, project).model_version;
  const versions = countModelVersions(ctx.db, project).map((version) => version.model_version);
  const options = own ? [own, ...versions.filter((version) => version !== own)] : versions;
  return [
    {
      columnCount: 1,
      fields: [{ type: 'select', name: 'model_version', label: 'Choose predictions', options, value: own }],
    },
  ];
}

const CATALOG: readonly CatalogEntry[] = [
  {
    id: 'remove_duplicates',
    title: 'Remove Duplicated Tasks',
    order: 95,
    permission: ['projects.change', 'tasks.delete'],
    experimental: false,
    dialog: {
      text:
        'Confirm that you want to remove duplicated tasks with the same data fields. ' +
        'Duplicated tasks will be deleted and all annotations will be moved to the first task from duplicated tasks. ' +
        'Also Source Storage Links will be restored if at least one duplicated task has a storage link. ' +
        "Warning: Task assignments (enterprise only) won't be saved.",
      type: 'confirm',
    },
  },
  {
    id: 'retrieve_tasks_predictions',
    title: 'Retrieve Predictions',
    order: 90,
    permission: 'predictions.any',
    dialog: {
      title: 'Retrieve Predictions',
      text:
        'Send the selected tasks to all ML backends connected to the project.' +
        'This operation might be abruptly interrupted due to a timeout. ' +
        'The recommended way to get predictions is to update tasks using the Label Studio API.' +
        'Please confirm your action.',
      type: 'confirm',
    },
  },
  {
    id: 'predictions_to_annotations',
    title: 'Create Annotations From Predictions',
    order: 91,
    permission: 'tasks.change',
    dialog: {
      title: 'Create Annotations From Predictions',
      text:
        'Create annotations from predictions using selected predictions set for each selected task. ' +
        'Your account will be assigned as an owner to those annotations. ',
      type: 'confirm',
      form: modelVersionForm,
    },
  },
  {
    id: 'delete_tasks',
    title: 'Delete Tasks',
    order: 100,
    permission: 'tasks.delete',
    reload: true,
    dialog: { text: 'You are going to delete the selected tasks. Please confirm your action.', type: 'confirm' },
  },
  {
    id: 'delete_tasks_annotations',
    title: 'Delete Annotations',
    order: 101,
    permission: ['tasks.change', 'annotations.delete'],
    dialog: {
      text:
        'You are going to delete annotations from the selected tasks.\n' +
        'You can select specific annotators to delete annotations for.\n' +
        'Please confirm your action.',
      type: 'confirm',
      form: annotatorForm,
    },
  },
  {
    id: 'delete_tasks_predictions',
    title: 'Delete Predictions',
    order: 102,
    permission: 'predictions.any',
    dialog: {
      text: 'You are going to delete all predictions from the selected tasks. Please confirm your action.',
      type: 'confirm',
    },
  },
];

export function isKnownAction(id: string): boolean {
  return CATALOG.some((entry) => entry.id === id);
}

/** An action as the list shows it: a form made per project is announced as null, loaded from /form. */
function describe(entry: CatalogEntry): DmAction {
  const { form, ...dialog } = entry.dialog;
  return { ...entry, dialog: form ? { ...dialog, form: null } : dialog } satisfies DmAction;
}

/** `GET /api/dm/actions/?project=`: by `order` (Label Studio's get_all_actions). */
export function listActions(ctx: DomainContext, project: number): DmAction[] {
  getProjectRow(ctx, project);
  return [...CATALOG].sort((a, b) => a.order - b.order).map(describe);
}

/**
 * `GET /api/dm/actions/{id}/form/?project=`: the action's form made for the project, or `[]`
 * when it has none. An unknown action (a 500 in Label Studio) is a 400 with its message.
 */
export function getActionForm(ctx: DomainContext, project: number, id: string): Form {
  getProjectRow(ctx, project);
  const entry = CATALOG.find((candidate) => candidate.id === id);
  if (!entry) throw new DomainError(400, `Can't find '${id}' in registered actions`);
  return entry.dialog.form ? entry.dialog.form(ctx, project) : [];
}
