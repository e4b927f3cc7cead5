/** A mistake in how a command was called: printed with a hint, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const MAIN_HELP = `Usage: outpost <command> [options]

Outpost: offline labeling with a local, Label Studio-compatible API.

Commands:
  serve    Run the API server and the UI in this terminal (no Electron needed)
  token    Print the local user's legacy token and personal access token
  start    Open the desktop app, or the UI in a browser where Electron cannot run
  export   Write a project's annotations to a file in a Label Studio export format
  sync     Push local work to a remote Label Studio and pull its projects, once

Options:
  -v, --version   Print Outpost's version
  -h, --help      Show this help

Run 'outpost <command> --help' for a command's options.`;

export const SERVE_HELP = `Usage: outpost serve [options]

Serves the Label Studio-compatible API and the Outpost UI. Prints one line each:
  URL: <base url>    TOKEN: <legacy token>    PAT: <personal access token>
  LOGIN: <base url>/login?token=...   a one-time link that signs a browser in to the UI
                                      (within an hour; run 'outpost start' for a new one)

Options:
  --data DIR          Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)
  --host HOST         Address to bind (default: 127.0.0.1; anything else is reachable from the network)
  --port PORT         Port to listen on, 0 for any free port (default: 8080)
  --token KEY         Legacy token (40 hex characters) to give the local user on first start
  --user-email EMAIL  Email of the local user on first start
  --access-token-lifetime SECONDS
                      How long access tokens from /api/token/refresh/ last (default 300),
                      e.g. to test how a sync client handles their expiry
  -h, --help          Show this help`;

export const TOKEN_HELP = `Usage: outpost token [options]

Prints the local user's tokens as 'TOKEN: <legacy token>' and 'PAT: <personal access token>'.
Use the legacy token as 'Authorization: Token <key>'; exchange the PAT at /api/token/refresh/
for a 5-minute access token sent as 'Authorization: Bearer <access>'.

Options:
  --data DIR   Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)
  -h, --help   Show this help`;

export const START_HELP = `Usage: outpost start [options]

Opens the Outpost desktop app. Where the Electron binary is missing or no display is available,
serves the UI instead, prints its URL, and opens it in the default browser. When an Outpost
already serves the data folder, opens that one instead (and prints its LOGIN link); when the
port is taken by something else, uses the next free port and says so.

Options:
  --data DIR     Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)
  --port PORT    Port for browser mode (default: 8080, or the next free one; 0 for any free port)
  --no-browser   Do not open a browser in browser mode
  --open-running Only open an Outpost that already serves the data folder; exit 3 when none
                 does (npm start asks this first, and builds dist/ only when nothing runs from it)
  -h, --help     Show this help`;

export const EXPORT_HELP = `Usage: outpost export --project ID --out FILE [options]

Writes one project as Label Studio's easy export does (GET /api/projects/ID/export), streamed to
FILE. Formats: JSON, JSON_MIN, CSV, TSV, CONLL2003, ASR_MANIFEST and, where the labeling config
allows them, the image and brush formats (see GET /api/projects/ID/export/formats).

Options:
  --data DIR       Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)
  --project ID     The project to export (required)
  --format NAME    Export format (default: JSON)
  --out FILE       Where to write the export (required); written only once complete
  --all-tasks      Include tasks without annotations (download_all_tasks=true)
  --no-resources   Do not bundle media files (download_resources=false)
  -h, --help       Show this help`;

export const SYNC_HELP = `Usage: outpost sync --remote URL --token TOKEN [--project REMOTE_ID ... [--scope SCOPE]] [options]

Syncs once with a remote Label Studio (or another Outpost): pushes the work labeled here, then
pulls the chosen projects (by default every project already pulled from that remote). The remote
is added on first use; its token is kept in <data folder>/remote-tokens.json (mode 0600), not in
the database. Progress goes to stderr. \`outpost sync copy --help\` says how to copy a pulled
project to another remote.

Options:
  --data DIR           Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)
  --remote URL         The remote's base URL, e.g. https://label.example.org (required)
  --token TOKEN        A legacy token or a personal access token of your account there
                       (required the first time; a new one replaces the stored one)
  --project ID         A remote project id to pull; repeat for several (default: those pulled before)
  --scope SCOPE        Pull only part of each --project (kept for later syncs; see docs/sync.md):
                       view:ID        a Data Manager tab there, with its filters
                       ids:LIST       these task ids, e.g. ids:1-100,250
                       range:FROM-TO  task ids FROM to TO
                       unlabeled:N    keep N tasks nobody has labeled yet, topped up each sync
                       all            the whole project again (the default)
                       Tasks already pulled stay; media come only for the tasks pulled.
  --json               Print only one JSON line on stdout:
                       {"pulled": {"projects", "tasks", "annotations", "predictions", "media"},
                        "pushed": {"annotations", "updates", "deletions", "tasks"},
                        "conflicts": n, "errors": [{"phase", "item", "message"}]}
                       (otherwise a readable summary)
  -h, --help           Show this help

Exit status: 0 when every step ran (items it could not do, such as a media file or an annotation
the remote refused, are listed in errors and tried again by the next sync); 1 when it could not
connect (unreachable, not Label Studio, token refused), a step failed (e.g. a project could not
be pulled) or it was interrupted; 2 for a mistake in the options.`;

export const SYNC_COPY_HELP = `Usage: outpost sync copy --project ID --to URL [--token TOKEN] [--title TITLE] [options]

Copies a project pulled from one remote (its local id, as this Outpost shows it) as a new project
to another remote: its settings, tasks, annotations (authors matched by email), predictions and
uploaded files. The local project stays the mirror of its own remote. A copy that was cut off is
resumed by running the same command again: nothing is created twice on the target.

Options:
  --data DIR       Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)
  --project ID     The local id of the mirrored project to copy (required)
  --to URL         The target remote's base URL (required; added on first use with --token)
  --token TOKEN    A token of your account on the target (required the first time)
  --title TITLE    The new project's title (default: the source project's)
  --json           Print only one JSON line on stdout: the run's summary with "copy" and "target_project"
  -h, --help       Show this help

Exit status: 0 when the copy completed; 1 when it failed or was interrupted (run it again to
resume); 2 for a mistake in the options.`;
