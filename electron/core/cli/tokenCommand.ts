import { defaultDataDir } from '../dataDir.js';
import { openDataFolder } from '../openDataFolder.js';
import type { CliIo } from './io.js';
import { parseOptions } from './parseOptions.js';
import { TOKEN_HELP } from './usage.js';

export async function tokenCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('token', args, { data: { type: 'string' } });
  if (values.help) {
    io.out(TOKEN_HELP);
    return 0;
  }
  const folder = await openDataFolder({ dataDir: (values.data as string | undefined) ?? defaultDataDir() });
  try {
    io.out(`TOKEN: ${folder.token}`);
    io.out(`PAT: ${folder.pat}`);
  } finally {
    folder.db.close();
  }
  return 0;
}
