import type { StorageTypeInfo } from '../../../../shared/api/storages.js';
import type { Context, Hono } from 'hono';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { storageWriteSchema } from '../../domain/storages/storageFields.js';
import { storageForm } from '../../domain/storages/storageForms.js';
import { listStorages, requireStorage, serializeStorage, storageModelName } from '../../domain/storages/storageRows.js';
import {
  STORAGE_SPECS,
  STORAGE_TYPES,
  type StorageDirection,
  type StorageType,
} from '../../domain/storages/storageSpecs.js';
import { listStorageFiles, syncStorage } from '../../storages/storageCalls.js';
import { createStorage, removeStorage, updateStorage, validateStorageSettings } from '../../storages/manageStorages.js';
import { storageDepsFrom, type StorageDeps } from '../../storages/storageDeps.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

/*
 * `/api/storages/...` (docs/ml-and-storages.md#storages): every type's list, create, detail, sync,
 * validate, form and files, for import storages and (under /export) export storages, each type
 * answered in its own serializer's shape.
 */

export function storageDeps(c: Context<AppEnv>): StorageDeps {
  return storageDepsFrom(c.get('deps'));
}

/** `?project=`: required for lists (Label Studio's 'query parameter "project" is required'). */
function projectOf(c: Context<AppEnv>): number {
  const raw = lastQueryValues(c).project;
  if (raw === undefined || raw === '') {
    throw new ValidationError({ non_field_errors: ['query parameter "project" is required'] });
  }
  if (!/^\s*\d+\s*$/.test(raw)) throw new NotFoundError('Not found.');
  return Number(raw);
}

function typeRoutes(app: Hono<AppEnv>, type: StorageType, direction: StorageDirection): void {
  const base = direction === 'import' ? `/api/storages/${type}` : `/api/storages/export/${type}`;
  const row = (c: Context<AppEnv>) => {
    const deps = storageDeps(c);
    return requireStorage(
      deps,
      pathId(c, 'id', `No ${storageModelName(type, direction)} matches the given query.`),
      type,
      direction,
    );
  };
  const update = async (c: Context<AppEnv>, partial: boolean) => {
    const deps = storageDeps(c);
    const current = row(c);
    const input = parseWith(storageWriteSchema(deps.db, type, direction, { partial }), await readObjectBody(c));
    const body = serializeStorage(await updateStorage(deps, current, input));
    if (!partial) return c.json(body);
    // DRF skips a read-only field's default on a partial update: Label Studio's PATCH answers have no `type`.
    return c.json(Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'type')));
  };
  defineRoute(app, base, {
    get: (c) => c.json(listStorages(storageDeps(c), projectOf(c), direction, type).map(serializeStorage)),
    post: async (c) => {
      const deps = storageDeps(c);
      const input = parseWith(
        storageWriteSchema(deps.db, type, direction, { partial: false }),
        await readObjectBody(c),
      );
      const created = await createStorage(deps, type, direction, input);
      // Label Studio syncs a target storage as soon as it is made (SYNC_ON_TARGET_STORAGE_CREATION).
      const shown = direction === 'export' ? await syncStorage(deps, created, c.get('userId')) : created;
      return c.json(serializeStorage(shown), 201);
    },
  });
  defineRoute(app, `${base}/:id{[0-9]+}`, {
    get: (c) => c.json(serializeStorage(row(c))),
    patch: (c) => update(c, true),
    put: (c) => update(c, false),
    delete: (c) => {
      removeStorage(storageDeps(c), row(c));
      return c.body(null, 204);
    },
  });
  defineRoute(app, `${base}/:id{[0-9]+}/sync`, {
    post: async (c) => {
      const current = row(c);
      if (current.synchronizable === 0) return c.json({ message: `Storage ${current.id} is not synchronizable` }, 400);
      return c.json(serializeStorage(await syncStorage(storageDeps(c), current, c.get('userId'))));
    },
  });
  defineRoute(app, `${base}/validate`, {
    post: async (c) => {
      const deps = storageDeps(c);
      const body = await readObjectBody(c);
      const input = parseWith(storageWriteSchema(deps.db, type, direction, { partial: false }), body);
      const id = Array.isArray(body) ? undefined : body.id;
      const saved = typeof id === 'number' ? requireStorage(deps, id, type, direction) : null;
      await validateStorageSettings(deps, type, direction, input, saved);
      return c.body(null, 200);
    },
  });
  defineRoute(app, `${base}/form`, { get: (c) => c.json(storageForm(type, direction)) });
  if (direction === 'import') {
    defineRoute(app, `${base}/files`, {
      post: async (c) => {
        const deps = storageDeps(c);
        const body = await readObjectBody(c);
        const input = parseWith(storageWriteSchema(deps.db, type, direction, { partial: false }), body);
        const limit = Array.isArray(body) ? undefined : body.limit;
        return c.json(await listStorageFiles(deps, type, input, typeof limit === 'number' ? limit : 100));
      },
    });
  }
}

export function storageRoutes(app: Hono<AppEnv>): void {
  for (const direction of ['import', 'export'] as const) {
    const base = direction === 'import' ? '/api/storages' : '/api/storages/export';
    defineRoute(app, `${base}/types`, {
      get: (c) =>
        c.json(
          STORAGE_TYPES.map((type) => ({ name: type, title: STORAGE_SPECS[type].title })) satisfies StorageTypeInfo[],
        ),
    });
    defineRoute(app, base, {
      get: (c) => {
        const deps = storageDeps(c);
        const project = projectOf(c);
        return c.json(
          STORAGE_TYPES.flatMap((type) => listStorages(deps, project, direction, type)).map(serializeStorage),
        );
      },
    });
    for (const type of STORAGE_TYPES) typeRoutes(app, type, direction);
  }
}
