import azureExport from './forms/azure-export.json' with { type: 'json' };
import azureImport from './forms/azure-import.json' with { type: 'json' };
import gcsExport from './forms/gcs-export.json' with { type: 'json' };
import gcsImport from './forms/gcs-import.json' with { type: 'json' };
import localfilesExport from './forms/localfiles-export.json' with { type: 'json' };
import localfilesImport from './forms/localfiles-import.json' with { type: 'json' };
import redisExport from './forms/redis-export.json' with { type: 'json' };
import redisImport from './forms/redis-import.json' with { type: 'json' };
import s3Export from './forms/s3-export.json' with { type: 'json' };
import s3Import from './forms/s3-import.json' with { type: 'json' };
import type { StorageFormRow } from '../../../../shared/api/storages.js';
import type { StorageDirection, StorageType } from './storageSpecs.js';

/*
 * `GET /api/storages/<type>/form`: the form layouts Label Studio 1.22 answers (its
 * form_layout.yml of each type, as its API prints them), recorded once from the real server.
 */

const FORMS: Record<StorageType, Record<StorageDirection, StorageFormRow[]>> = {
  s3: { import: s3Import, export: s3Export },
  gcs: { import: gcsImport, export: gcsExport },
  azure: { import: azureImport, export: azureExport },
  redis: { import: redisImport, export: redisExport },
  localfiles: { import: localfilesImport, export: localfilesExport },
};

export function storageForm(type: StorageType, direction: StorageDirection): StorageFormRow[] {
  return FORMS[type][direction];
}
