import { findLocalModel, findLocalModelSummary, upsertLocalModel } from '../../db/repos/localModelsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';

/*
 * The built-in model's stored state per project (`local_models`): only the newest version is kept,
 * and each save takes the next version number, so versions only ever go up, across restarts too.
 * The model and its metrics are JSON the ml layer defines; here they are opaque.
 */

export interface LocalModelRecord {
  version: number;
  trained_at: string;
  annotation_count: number;
  metrics: unknown;
}

export function findLocalModelRecord(ctx: DomainContext, project: number): LocalModelRecord | undefined {
  const row = findLocalModelSummary(ctx.db, project);
  if (!row) return undefined;
  return {
    version: row.version,
    trained_at: row.trained_at,
    annotation_count: row.annotation_count,
    metrics: JSON.parse(row.metrics) as unknown,
  };
}

/** The stored model itself (parsed), with its version. */
export function readLocalModel(ctx: DomainContext, project: number): { version: number; model: unknown } | undefined {
  const row = findLocalModel(ctx.db, project);
  return row && { version: row.version, model: JSON.parse(row.model) as unknown };
}

/** Stores a newly trained model in place of the old one; returns its version and training time. */
export function saveLocalModel(
  ctx: DomainContext,
  project: number,
  trained: { annotation_count: number; metrics: unknown; model: unknown },
): { version: number; trained_at: string } {
  const trainedAt = formatTimestamp(ctx.clock());
  const version = upsertLocalModel(ctx.db, {
    project,
    trained_at: trainedAt,
    annotation_count: trained.annotation_count,
    metrics: JSON.stringify(trained.metrics),
    model: JSON.stringify(trained.model),
  });
  return { version, trained_at: trainedAt };
}
