import type { MouseEvent } from 'react';
import { useApi } from '../../api/apiContext';
import { errorMessage } from '../../api/queryLoad';
import { fetchQualityFile, qualityFileName, qualityFileUrl, type QualityFile } from '../../api/quality';
import { saveBlob } from '../../components/saveBlob';

const FILES: Array<{ file: QualityFile; label: string }> = [
  { file: 'tasks', label: 'Per task (CSV)' },
  { file: 'annotators', label: 'Per annotator (CSV)' },
  { file: 'pairs', label: 'Per pair (CSV)' },
  { file: 'json', label: 'Full report (JSON)' },
];

/*
 * Links to the agreement report. In a browser the session cookie goes along with a plain link, so
 * the server's download is used as it is. The desktop app authenticates with a token header, which
 * a link cannot send: there a click fetches the file through the API client and saves it as a Blob.
 */
export function QualityDownloads({ projectId, onError }: { projectId: number; onError: (message: string) => void }) {
  const client = useApi();

  function onClick(event: MouseEvent<HTMLAnchorElement>, file: QualityFile) {
    if (client.raw.withCredentials) return;
    event.preventDefault();
    fetchQualityFile(client, projectId, file)
      .then((blob) => saveBlob(blob, qualityFileName(projectId, file)))
      .catch((error: unknown) => onError(`The report could not be downloaded: ${errorMessage(error)}`));
  }

  return (
    <nav className="agreement-downloads" aria-label="Download the agreement report">
      {FILES.map(({ file, label }) => (
        <a
          key={file}
          className="button button--small"
          href={qualityFileUrl(client, projectId, file)}
          download={qualityFileName(projectId, file)}
          onClick={(event) => onClick(event, file)}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
