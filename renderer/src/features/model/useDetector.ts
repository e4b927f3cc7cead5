import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getDetector, removeDetector, uploadDetector, type DetectorSetting } from '../../api/detector';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import type { UploadProgressEvent } from '../../api/upload';

/**
 * The project's detector, and setting or removing it. After either, the answer goes in the cache
 * and the built-in model's status (which names the detector and its unmapped classes) is read again.
 */
export function useDetector(projectId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgressEvent | null>(null);
  const key = queryKeys.detector(projectId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getDetector(client, projectId, signal) });

  const settled = (setting: DetectorSetting | null) => {
    queryClient.setQueryData(key, setting);
    void queryClient.invalidateQueries({ queryKey: queryKeys.localModel(projectId) });
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      setProgress(null);
      return uploadDetector(client, projectId, file, setProgress);
    },
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: () => removeDetector(client, projectId),
    onSuccess: () => settled(null),
  });

  return {
    setting: query.data,
    isLoading: query.isPending,
    loadError: query.isError ? errorMessage(query.error) : null,
    upload,
    remove,
    progress,
  };
}
