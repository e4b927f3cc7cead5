import { STORAGE_STATUSES } from '../../../../shared/api/storages.js';
import { z } from 'zod';
import type { Db } from '../../db/open.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import {
  drfBoolean,
  drfChar,
  drfChoice,
  drfDateTime,
  drfInteger,
  drfJson,
  drfPrimaryKey,
  drfRequired,
} from '../drfFields.js';
import { FIELD_SPECS, writableKeys, type FieldSpec, type StorageDirection, type StorageType } from './storageSpecs.js';

export { STORAGE_STATUSES };

export type StorageInput = Record<string, unknown>;

function fieldSchema(spec: FieldSpec): z.ZodType {
  const allowNull = spec.nullable;
  switch (spec.kind) {
    case 'text':
      return drfChar({ allowNull, allowBlank: true });
    case 'bool':
      return drfBoolean({ allowNull });
    case 'int':
      return drfInteger({ allowNull, min: spec.min, max: spec.max });
    case 'json':
      return drfJson({ allowNull });
    case 'datetime':
      return drfDateTime({ allowNull });
    case 'status':
      return drfChoice(STORAGE_STATUSES);
    default:
      return z.unknown();
  }
}

/**
 * The type's serializer as a zod schema: every writable key optional but `project` (required on
 * create and PUT), unknown keys ignored, DRF's messages for bad values.
 */
export function storageWriteSchema(
  db: Db,
  type: StorageType,
  direction: StorageDirection,
  options: { partial: boolean },
): z.ZodType<StorageInput> {
  const shape: Record<string, z.ZodType> = {};
  for (const key of writableKeys(type, direction)) {
    if (key === 'project') {
      const project = drfPrimaryKey((id) => findProjectById(db, id) !== undefined);
      shape.project = options.partial ? project.optional() : drfRequired(project);
      continue;
    }
    shape[key] = fieldSchema(FIELD_SPECS[key]!).optional();
  }
  return z.object(shape).transform((value) => {
    // Keys that were absent stay absent (zod fills optional ones with undefined).
    const present: StorageInput = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) present[key] = item;
    return present;
  });
}
