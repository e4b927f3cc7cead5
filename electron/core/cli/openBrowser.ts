import { spawn } from 'node:child_process';

/** Asks the OS to open a URL in the default browser; failure only means the user opens it by hand. */
export function openBrowser(url: string, platform = process.platform): void {
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this system: the printed URL is enough.
  }
}
