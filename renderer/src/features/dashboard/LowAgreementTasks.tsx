import type { ProjectQuality } from '../../api/quality';
import { routes } from '../../router';
import { formatAgreement } from './agreementText';

const SHOWN = 5;

/**
 * The tasks annotators agree on least, each linking to its annotations compared side by side:
 * where a reviewer would start. Only tasks with an agreement below 100% are listed.
 */
export function LowAgreementTasks({ quality }: { quality: ProjectQuality }) {
  const tasks = quality.tasks
    .filter((task): task is typeof task & { agreement: number } => task.agreement !== null && task.agreement < 1)
    .sort((a, b) => a.agreement - b.agreement || a.id - b.id)
    .slice(0, SHOWN);
  if (tasks.length === 0) return null;
  return (
    <div className="low-agreement">
      <h3 className="low-agreement__title">Lowest agreement</h3>
      <ul aria-label="Tasks with the lowest agreement">
        {tasks.map((task) => (
          <li key={task.id}>
            <a href={routes.compareTask(quality.project, task.id)}>Compare task {task.id}</a>{' '}
            <span className="muted">{formatAgreement(task.agreement)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
