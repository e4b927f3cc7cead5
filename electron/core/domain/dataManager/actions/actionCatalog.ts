import { listProjectAnnotators } from '../../../db/repos/dmProjectRepo.js';
import type { DomainContext } from '../../context.js';
import { getProjectRow } from '../../projects/getProject.js';
import { projectModelVersions } from '../columns.js';

/*
 * The Data Manager actions Outpost runs, described as Label Studio's GET /api/dm/actions/ lists
 * them (its texts, orders and permission codes). Actions Outpost cannot run (label caching,
 * experimental ones) are not offered. Retrieving predictions is run by the ML layer.
 */

type Form = unknown[];

export interface ActionDescription {
  id: string;
  title: string;
  order: number;
  permission: string | string[];
  experimental?: boolean;
  reload?: boolean;
  dialog: { title?: string; text: string; type: 'confirm'; form: Form | null };
}

interface CatalogEntry extends Omit<ActionDescription, 'dialog'> {
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

/** Label Studio's predictions_to_annotations_form: the project's model version first. */
function modelVersionForm(ctx: DomainContext, project: number): Form {
  const row = getProjectRow(ctx, project);
  const versions = projectModelVersions(ctx, project, row.model_version).filter(
    (version) => version !== row.model_version,
  );
  const options = row.model_version === null ? versions : [row.model_version, ...versions];
  return [
    { columnCount: 1, fields: [{ type: 'select', name: 'model_version', label: 'Choose predictions', options }] },
  ];
}

const CATALOG: readonly CatalogEntry[] = [
  {
    id: 'remove_duplicates',
    title: 'Remove Duplicated Tasks',
    order: 1,
    permission: 'projects.change',
    experimental: false,
    dialog: {
      text:
        'Confirm that you want to remove duplicated tasks with the same data fields. ' +
        'Duplicated tasks will be deleted and all annotations will be moved to the first task from duplicated tasks. ' +
        'Also Source Storage Links will be restored if at least one duplicated task has a storage link.',
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
        'Create annotations from predictions using selected predictions set for each selected task.' +
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

function describe(ctx: DomainContext, project: number, entry: CatalogEntry): ActionDescription {
  const { form, ...dialog } = entry.dialog;
  return { ...entry, dialog: { ...dialog, form: form ? form(ctx, project) : null } };
}

/** `GET /api/dm/actions/?project=`: by `order`, each dialog's form generated for the project. */
export function listActions(ctx: DomainContext, project: number): ActionDescription[] {
  getProjectRow(ctx, project);
  return CATALOG.map((entry) => describe(ctx, project, entry));
}

/** `GET /api/dm/actions/{id}/form/?project=`: the action's form, or null when it has none. */
export function getActionForm(ctx: DomainContext, project: number, id: string): Form | null {
  getProjectRow(ctx, project);
  const entry = CATALOG.find((candidate) => candidate.id === id);
  return entry ? describe(ctx, project, entry).dialog.form : null;
}
