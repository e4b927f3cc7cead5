import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { getLabelingProject, whoAmI, type LabelingProject } from '../../api/labeling';
import { listKnownBackends } from '../../api/mlBackends';
import { queryKeys } from '../../api/queryKeys';
import type { LabelingBackend } from './preAnnotation';
import type { EditorUser } from './protocol';

export interface LabelingBase {
  project: LabelingProject;
  user: EditorUser;
  backends: LabelingBackend[];
}

/** What labeling a project needs besides the task: its config and settings, who labels, and its models. */
export function useLabelingProject(projectId: number) {
  const client = useApi();
  return useQuery({
    queryKey: queryKeys.labelingProject(projectId),
    queryFn: async ({ signal }): Promise<LabelingBase> => {
      const [project, me, backends] = await Promise.all([
        getLabelingProject(client, projectId, signal),
        whoAmI(client, signal),
        // Which predictions pre-label and whether a model suggests regions; labeling works without.
        listKnownBackends(client, projectId, signal).catch((): LabelingBackend[] => []),
      ]);
      const user = { id: me.id, firstName: me.first_name, lastName: me.last_name, email: me.email };
      return { project, user, backends };
    },
  });
}
