export interface ServerVersion {
  release: string;
  edition: string;
  outpost: { name: string; version: string };
}

/** `/api/version` needs no token, so the placeholder can show the server's state before login exists. */
export async function fetchServerVersion(): Promise<ServerVersion> {
  const response = await fetch('/api/version');
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as ServerVersion;
}
