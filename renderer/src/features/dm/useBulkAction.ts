import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import { runAction, type ActionSelection, type DmAction } from '../../api/dataManager';
import { useToasts } from '../../components/toastContext';

/**
 * A bulk action from choice to result: actions with a dialog are asked first, then run on the
 * selection; the caller refreshes the list when one succeeds.
 */
export function useBulkAction(projectId: number, selection: () => ActionSelection, onDone: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const [pending, setPending] = useState<DmAction | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: DmAction) => {
    setBusy(true);
    try {
      const result = await runAction(client, projectId, action.id, selection());
      toasts.success(result.detail || `${action.title}: done.`);
      onDone();
    } catch (error) {
      toasts.error(`${action.title} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const choose = (action: DmAction) => {
    if (action.dialog) setPending(action);
    else void run(action);
  };

  return { pending, busy, choose, confirm: () => pending && void run(pending), cancel: () => setPending(null) };
}
