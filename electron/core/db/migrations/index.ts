import initial from './0001_initial.sql';
import projectsApi from './0002_projects_api.sql';
import dataApi from './0003_data_api.sql';
import browserSessions from './0004_browser_sessions.sql';
import taskDataVersions from './0005_task_data_versions.sql';
import sync from './0006_sync.sql';
import annotationResultCount from './0007_annotation_result_count.sql';
import mlBackends from './0008_ml_backends.sql';
import predictionPush from './0009_prediction_push.sql';
import storages from './0010_storages.sql';
import dashboardActivity from './0011_dashboard_activity.sql';
import remoteEditors from './0012_remote_editors.sql';
import accessTokens from './0013_access_tokens.sql';
import projectCounters from './0014_project_counters.sql';
import sealedTokens from './0015_sealed_tokens.sql';
import pulledExtras from './0016_pulled_extras.sql';
import portableSchema from './0017_portable_schema.sql';
import mirrorGroundTruth from './0018_mirror_ground_truth.sql';
import taskAgreement from './0019_task_agreement.sql';
import conflictRegions from './0020_conflict_regions.sql';
import serverCopies from './0021_server_copies.sql';
import syncScopes from './0022_sync_scopes.sql';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * The migration edits statement text in sqlite_master (PRAGMA writable_schema), which the
   * connection's defensive mode otherwise refuses; the runner then makes every connection reread it.
   */
  editsSchemaText?: boolean;
}

/** Every migration in order. Add new ones at the end with the next number; never edit a landed one. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'projects_api', sql: projectsApi },
  { version: 3, name: 'data_api', sql: dataApi },
  { version: 4, name: 'browser_sessions', sql: browserSessions },
  { version: 5, name: 'task_data_versions', sql: taskDataVersions },
  { version: 6, name: 'sync', sql: sync },
  { version: 7, name: 'annotation_result_count', sql: annotationResultCount },
  { version: 8, name: 'ml_backends', sql: mlBackends },
  { version: 9, name: 'prediction_push', sql: predictionPush },
  { version: 10, name: 'storages', sql: storages },
  { version: 11, name: 'dashboard_activity', sql: dashboardActivity },
  { version: 12, name: 'remote_editors', sql: remoteEditors },
  { version: 13, name: 'access_tokens', sql: accessTokens },
  { version: 14, name: 'project_counters', sql: projectCounters },
  { version: 15, name: 'sealed_tokens', sql: sealedTokens },
  { version: 16, name: 'pulled_extras', sql: pulledExtras },
  { version: 17, name: 'portable_schema', sql: portableSchema, editsSchemaText: true },
  { version: 18, name: 'mirror_ground_truth', sql: mirrorGroundTruth },
  { version: 19, name: 'task_agreement', sql: taskAgreement },
  { version: 20, name: 'conflict_regions', sql: conflictRegions },
  { version: 21, name: 'server_copies', sql: serverCopies },
  { version: 22, name: 'sync_scopes', sql: syncScopes },
];
