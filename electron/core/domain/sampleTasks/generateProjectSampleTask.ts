import { parseXml, XmlDtdForbiddenError, XmlSyntaxError } from '../../../../shared/label-config/index.js';
import { generateSampleTask, readSampleTaskFromConfigComment } from '../../../../shared/label-config/sampleTask.js';
import { projectExists } from '../../db/repos/projectExistsRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';

/**
 * A sample task `data` object for a label config being edited in a project (Label Studio's
 * ProjectSampleTask): generated from the config's `$variables`, then overridden by any task data
 * written into the config as a `<!-- {...} -->` comment. The config is parsed, not validated.
 */
export function generateProjectSampleTask(
  ctx: DomainContext,
  projectId: number,
  labelConfig: string,
): Record<string, unknown> {
  if (!projectExists(ctx.db, projectId)) throw new NotFoundError('No Project matches the given query.');
  let root;
  try {
    root = parseXml(labelConfig);
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof XmlDtdForbiddenError)
      throw new ValidationError({ label_config: [error.message] });
    throw error;
  }
  const fromComment = readSampleTaskFromConfigComment(labelConfig);
  return { ...generateSampleTask(root), ...fromComment };
}
