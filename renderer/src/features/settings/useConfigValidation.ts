import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { validateLabelConfig, type ConfigProblem } from '../../api/labelConfig';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { useDebouncedValue } from '../../components/useDebouncedValue';

export type ValidationState =
  | { status: 'checking' }
  | { status: 'valid' }
  | { status: 'invalid'; problems: ConfigProblem[] }
  | { status: 'unavailable'; message: string };

/** Label Studio's validation of `config`, once typing pauses for 300 ms; a text typed again is known at once. */
export function useConfigValidation(config: string, projectId: number | null): ValidationState {
  const client = useApi();
  const settled = useDebouncedValue(config, 300);
  const query = useQuery({
    queryKey: queryKeys.configValidation(projectId, settled),
    queryFn: ({ signal }) => validateLabelConfig(client, settled, projectId, signal),
  });

  // While the text differs from what was checked, the last verdict is out of date.
  if (settled !== config || query.isPending) return { status: 'checking' };
  if (query.isError) return { status: 'unavailable', message: errorMessage(query.error) };
  return query.data.valid ? { status: 'valid' } : { status: 'invalid', problems: query.data.problems };
}
