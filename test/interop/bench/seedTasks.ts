import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { VENV_PYTHON, type LabelStudioInfo } from '../labelStudio.js';

/*
 * Tasks added to a project of the rig's Label Studio by its own import code run in process
 * (test/interop/python/seed_tasks.py): the import API's serializer and counters without HTTP,
 * about 3 minutes for 100,000 tasks where the API took some 18.
 */

const SCRIPT = fileURLToPath(new URL('../python/seed_tasks.py', import.meta.url));

/** Tasks in the import API's form. Returns the new tasks' ids, in the order given. */
export function seedTasks(
  ls: Pick<LabelStudioInfo, 'dataDir' | 'filesRoot'>,
  projectId: number,
  tasks: readonly unknown[],
): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(VENV_PYTHON, [SCRIPT, ls.dataDir, ls.filesRoot], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-8000)));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`seed_tasks.py exited with ${String(code)}:\n${errors}`));
        return;
      }
      const answer = JSON.parse(output) as { task_ids: number[] };
      if (answer.task_ids.length !== tasks.length)
        reject(new Error(`seed_tasks.py made ${answer.task_ids.length} of ${tasks.length} tasks`));
      else resolve(answer.task_ids);
    });
    child.stdin.end(JSON.stringify({ project: projectId, tasks }));
  });
}
