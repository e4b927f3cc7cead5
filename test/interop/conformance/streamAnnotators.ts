import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open.js';
import { spawnCli, type SpawnedCli } from '../../helpers/spawnCli.js';
import type { Pair } from '../differential/compare.js';
import { httpTarget, type Target } from '../differential/targets.js';
import { VENV_PYTHON } from '../labelStudio.js';

/*
 * Several annotators, each with a legacy token of their own, on both servers, for the label
 * stream's per-user rules. Neither server makes a second user with a token over its API: Label
 * Studio's user is made through its own Django models (the way its `createsuperuser` works), and
 * Outpost's users are written into its database while it is stopped; the next start seals their
 * keys as it does every stored key.
 */

const execFileAsync = promisify(execFile);

/** Makes the users in Label Studio's organization, each with a legacy token; prints them as JSON. */
const LABEL_STUDIO_USERS = `
import json, os, sys
import label_studio
sys.path.insert(0, os.path.dirname(label_studio.__file__))
os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'core.settings.label_studio')
import django
django.setup()
from rest_framework.authtoken.models import Token
from users.models import User
owner = User.objects.get(email=sys.argv[1])
made = []
for email in sys.argv[2:]:
    user, _ = User.objects.get_or_create(email=email, defaults={'username': email})
    owner.active_organization.add_user(user)
    user.active_organization = owner.active_organization
    user.save()
    made.append({'email': email, 'token': Token.objects.get_or_create(user=user)[0].key})
print(json.dumps(made))
`;

async function labelStudioAnnotators(emails: readonly string[]): Promise<string[]> {
  const ls = inject('labelStudio');
  const { stdout } = await execFileAsync(VENV_PYTHON, ['-c', LABEL_STUDIO_USERS, ls.user.email, ...emails], {
    env: { ...process.env, LABEL_STUDIO_BASE_DATA_DIR: ls.dataDir, LATEST_VERSION_CHECK: 'false' },
  });
  const made = JSON.parse(stdout.trim().split('\n').pop()!) as { email: string; token: string }[];
  return made.map((user) => user.token);
}

function outpostKey(index: number): string {
  return `${String(index + 1).padStart(2, '0')}`.repeat(20);
}

export interface StreamServers {
  /** The suite's user on each side, then one target per annotator, in the order asked for. */
  owner: Pair<Target>;
  annotators: Pair<Target>[];
  stop(): Promise<void>;
}

/** A fresh Outpost and the run's Label Studio, each with the same annotators. */
export async function startStreamServers(emails: readonly string[]): Promise<StreamServers> {
  const ls = inject('labelStudio');
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-interop-stream-'));
  const serve = () =>
    spawnCli(['serve', '--data', dataDir, '--port', '0', '--token', ls.user.token, '--user-email', ls.user.email]);
  await (await serve()).stop();
  const db = openDatabase(join(dataDir, 'outpost.db'));
  try {
    emails.forEach((email, index) => {
      const user = db
        .prepare("INSERT INTO users (email, username, date_joined, last_activity) VALUES (?, ?, 'x', 'x')")
        .run(email, email).lastInsertRowid;
      db.prepare("INSERT INTO legacy_tokens (key, user, created) VALUES (?, ?, 'x')").run(outpostKey(index), user);
    });
  } finally {
    db.close();
  }
  const cli: SpawnedCli = await serve();
  const lsTokens = await labelStudioAnnotators(emails);
  const target = (side: 'ls' | 'outpost', token: string) =>
    side === 'ls' ? httpTarget('ls', ls.url, token, '') : httpTarget('outpost', cli.url, token, '');
  return {
    owner: {
      ls: httpTarget('ls', ls.url, ls.user.token, ls.user.pat),
      outpost: httpTarget('outpost', cli.url, cli.token, cli.pat),
    },
    annotators: emails.map((_, index) => ({
      ls: target('ls', lsTokens[index]!),
      outpost: target('outpost', outpostKey(index)),
    })),
    stop: async () => {
      await cli.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
