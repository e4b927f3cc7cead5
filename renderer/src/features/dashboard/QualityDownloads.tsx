import type { MouseEvent } from 'react';
import { useApi } from '../../api/apiContext';
import type { ApiClient } from '../../api/client';
import { qualityCsvQuery, qualityPath, type QualityTable } from '../../api/quality';

const TABLES: Array<{ table: QualityTable; label: string }> = [
  { table: 'tasks', label: 'Per task (CSV)' },
  { table: 'annotators', label: 'Per annotator (CSV)' },
  { table: 'pairs', label: 'Per pair (CSV)' },
];

/*
 * In a browser the session cookie goes along with a plain link, so the server's download is used
 * as it is. The desktop app authenticates with a token header, which a link cannot send: there the
 * click fetches the file with the header and hands it to the page as a Blob.
 */
async function downloadWithToken(client: ApiClient, url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { headers: client.raw.authHeaders('GET') });
  if (!response.ok) throw new Error(`The report could not be downloaded (HTTP ${response.status}).`);
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download holds its own reference once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}

/** Links to the agreement report: the whole report as JSON, and each of its tables as CSV. */
export function QualityDownloads({ projectId, onError }: { projectId: number; onError: (message: string) => void }) {
  const client = useApi();
  const links = [
    ...TABLES.map(({ table, label }) => ({
      label,
      url: client.raw.url(qualityPath(projectId), qualityCsvQuery(table)),
      fileName: `project-${projectId}-agreement-${table}.csv`,
    })),
    {
      label: 'Full report (JSON)',
      url: client.raw.url(qualityPath(projectId)),
      fileName: `project-${projectId}-agreement.json`,
    },
  ];

  function onClick(event: MouseEvent<HTMLAnchorElement>, url: string, fileName: string) {
    if (client.raw.withCredentials) return;
    event.preventDefault();
    downloadWithToken(client, url, fileName).catch((error: unknown) =>
      onError(error instanceof Error ? error.message : String(error)),
    );
  }

  return (
    <nav className="agreement-downloads" aria-label="Download the agreement report">
      {links.map(({ label, url, fileName }) => (
        <a
          key={fileName}
          className="button button--small"
          href={url}
          download={fileName}
          onClick={(event) => onClick(event, url, fileName)}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
