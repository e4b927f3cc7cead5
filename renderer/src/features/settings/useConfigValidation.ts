import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { validateLabelConfig, type ConfigProblem } from '../../api/labelConfig';
import { useDebouncedValue } from '../../components/useDebouncedValue';

export type ValidationState =
  | { status: 'checking' }
  | { status: 'valid' }
  | { status: 'invalid'; problems: ConfigProblem[] }
  | { status: 'unavailable'; message: string };

/** Label Studio's validation of `config`, once typing pauses for 300 ms; stale answers are dropped. */
export function useConfigValidation(config: string, projectId: number | null): ValidationState {
  const client = useApi();
  const settled = useDebouncedValue(config, 300);
  const [state, setState] = useState<ValidationState>({ status: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'checking' });
    validateLabelConfig(client, settled, projectId, controller.signal).then(
      (result) => setState(result.valid ? { status: 'valid' } : { status: 'invalid', problems: result.problems }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'unavailable', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [client, settled, projectId]);

  // While the text differs from what was checked, the last verdict is out of date.
  return settled === config ? state : { status: 'checking' };
}
