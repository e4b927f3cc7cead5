import { defaultDataDir } from '../dataDir.js';
import { openDataFolder } from '../openDataFolder.js';
import { requireExistingDataFolder } from './existingDataFolder.js';
import type { CliIo } from './io.js';
import { parseOptions } from './parseOptions.js';
import { TOKEN_HELP } from './usage.js';

export async function tokenCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('token', args, { data: { type: 'string' } });
  if (values.help) {
    io.out(TOKEN_HELP);
    return 0;
  }
  // A folder named on purpose (--data, $OUTPOST_DATA_DIR) must exist; the default one is made on first use.
  const named = (values.data as string | undefined) ?? process.env.OUTPOST_DATA_DIR;
  const dataDir = named ? requireExistingDataFolder('token', named) : defaultDataDir();
  const folder = await openDataFolder({ dataDir });
  try {
    io.out(`TOKEN: ${folder.token}`);
    io.out(`PAT: ${folder.pat}`);
  } finally {
    folder.db.close();
  }
  return 0;
}
