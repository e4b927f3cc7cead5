import type { ImportAnswer } from '../../../../shared/api/imports.js';
import type { WriteOutcome } from './writeItems.js';

/** The 201 body of an import (docs/label-studio-compatibility.md#import), in Label Studio's key order. */
export type ImportResponse = ImportAnswer;

export interface ImportFacts {
  taskCount: number;
  /** Absent when nothing was committed: the counts are then null and no ids are returned. */
  outcome?: WriteOutcome;
  fileUploadIds: number[];
  couldBeTasksList: boolean;
  foundFormats: Record<string, number> | never[];
  dataColumns: string[];
}

export function importResponse(
  started: number,
  facts: ImportFacts,
  options: { returnTaskIds: boolean },
): ImportResponse {
  const response: ImportResponse = {
    task_count: facts.taskCount,
    annotation_count: facts.outcome ? facts.outcome.annotationCount : null,
    prediction_count: facts.outcome ? facts.outcome.predictionCount : null,
    duration: (performance.now() - started) / 1000,
    file_upload_ids: facts.fileUploadIds,
    could_be_tasks_list: facts.couldBeTasksList,
    found_formats: facts.foundFormats,
    data_columns: facts.dataColumns,
  };
  if (options.returnTaskIds && facts.outcome && facts.outcome.taskIds.length > 0) {
    response.task_ids = facts.outcome.taskIds;
  }
  return response;
}
