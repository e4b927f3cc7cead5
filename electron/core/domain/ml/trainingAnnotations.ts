import { createHash } from 'node:crypto';
import {
  countAnnotatedTasks,
  listTrainingAnnotations,
  markOfProjectAnnotations,
} from '../../db/repos/localModelsRepo.js';
import type { DomainContext } from '../context.js';

/*
 * What the built-in model learns from: per task, one submitted annotation (skipped ones and drafts
 * are not annotations a model should copy), with the task's data.
 */

export interface TrainingAnnotation {
  task: number;
  data: Record<string, unknown>;
  result: unknown[];
}

function parseObject(text: string): Record<string, unknown> {
  const value = JSON.parse(text) as unknown;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function parseList(text: string): unknown[] {
  const value = JSON.parse(text) as unknown;
  return Array.isArray(value) ? value : [];
}

/**
 * A page of the project's annotated tasks in task id order, after `afterTask`: read in pages so
 * the caller can let other work run between them.
 */
export function readTrainingAnnotations(
  ctx: DomainContext,
  project: number,
  afterTask: number,
  limit: number,
): TrainingAnnotation[] {
  return listTrainingAnnotations(ctx.db, project, afterTask, limit).map((row) => ({
    task: row.task,
    data: parseObject(row.data),
    result: parseList(row.result),
  }));
}

export function countTrainingTasks(ctx: DomainContext, project: number): number {
  return countAnnotatedTasks(ctx.db, project);
}

/**
 * A short text that changes when the project's submitted annotations or its labeling config
 * change: a model trained under another fingerprint is out of date.
 */
export function trainingFingerprint(ctx: DomainContext, project: number, labelConfig: string): string {
  const mark = markOfProjectAnnotations(ctx.db, project);
  const config = createHash('sha256').update(labelConfig).digest('hex').slice(0, 16);
  return `${mark.count}:${mark.last_id ?? 0}:${mark.last_update ?? ''}:${config}`;
}
