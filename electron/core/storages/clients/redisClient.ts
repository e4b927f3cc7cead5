import { fieldDefault } from '../../domain/storages/storageSpecs.js';
import { pythonReMatch } from '../pythonUrls.js';
import { StorageError, type StorageClient, type StorageConfig, type StorageObjectInfo } from '../storageClient.js';
import { loadRedis } from './storageSdks.js';

/*
 * A Redis database (Label Studio's RedisImportStorage and RedisExportStorage). Keys are flat
 * names: an import lists every key starting with `path` (Label Studio: `KEYS path*`; here SCAN
 * with the same pattern, so a big database is read a page at a time) and each value is task
 * JSON text, whatever `use_blob_urls` says. An export writes each annotation as JSON text
 * (`json.dumps`, storageAnnotation.ts) under `path` + its id. Label Studio never resolves Redis
 * URIs, so neither does Outpost.
 */

/** Label Studio's serializer says only this when an import storage cannot be reached. */
const LS_CANNOT_CONNECT = "Can't connect to Redis server.";
/** RedisStorageMixin.get_redis_connection's refusal of database 0. */
const LS_NO_DB_ZERO = 'Please explicitly pass a redis db id to prevent accidentally overwriting existing database!';

/** Connecting (TCP, AUTH, SELECT) must answer within this, so a wrong host fails fast. */
const CONNECT_TIMEOUT_MS = 3_000;
/** One command (a page of SCAN, a GET of a large value). */
const COMMAND_TIMEOUT_MS = 60_000;
const SCAN_PAGE = 1_000;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

interface RedisSettings {
  host: string;
  port: number;
  password: string | null;
  db: number;
  /** `path`: a plain prefix of key names (a glob pattern to SCAN, as to Label Studio's KEYS). */
  prefix: string;
  where: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The settings as Label Studio's get_client reads them: blank host, port and password mean the defaults. */
function settingsOf(config: StorageConfig): RedisSettings {
  const { fields, direction } = config;
  const host = text(fields.host).trim() || 'localhost';
  const rawPort = text(fields.port).trim() || '6379';
  const port = /^\d+$/.test(rawPort) ? Number(rawPort) : NaN;
  const where = `${host}:${rawPort}`;
  const refuse = (message: string, labelStudio: string | null) =>
    new StorageError(message, direction === 'import' ? LS_CANNOT_CONNECT : labelStudio);
  if (!(port >= 1 && port <= 65535)) throw refuse(`Redis port "${rawPort}" is not a port number.`, null);
  const db = Number(fields.db ?? fieldDefault('db', direction));
  if (!Number.isInteger(db) || db < 0) throw refuse(`Redis database "${String(fields.db)}" is not a number.`, null);
  if (db === 0) {
    throw refuse(
      'Redis database 0 cannot be used: Label Studio refuses it so that a storage never overwrites the default ' +
        'database by accident. Pick another database number.',
      LS_NO_DB_ZERO,
    );
  }
  const password = text(fields.password) || null;
  return { host, port, password, db, prefix: text(fields.path), where };
}

/** A Redis or socket failure said in words; the password never appears in them. */
function reasonOf(error: Error & { code?: string }, settings: RedisSettings): string {
  const message = error.message;
  if (error.code === 'ECONNREFUSED') return 'connection refused (is Redis running there?)';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return `host "${settings.host}" not found`;
  if (message.startsWith('NOAUTH')) return 'the server requires a password';
  if (message.startsWith('WRONGPASS') || message.includes('invalid password')) return 'the password was refused';
  if (message.includes('without any password configured')) return 'the server has no password; leave it empty';
  if (message.includes('DB index is out of range')) return `the server has no database ${settings.db}`;
  if (message.startsWith('Unknown RESP type')) return 'something answered there, but not a Redis server';
  return message;
}

function cannotConnect(error: unknown, settings: RedisSettings, direction: StorageConfig['direction']): StorageError {
  const reason = error instanceof Error ? reasonOf(error, settings) : String(error);
  return new StorageError(
    `Can't connect to Redis server at ${settings.where}: ${reason}.`,
    direction === 'import' ? LS_CANNOT_CONNECT : null,
  );
}

type RedisSdk = Awaited<ReturnType<typeof loadRedis>>;

/** Bulk strings read as bytes, not text: keys and values need not be UTF-8. */
function asBytes(sdk: RedisSdk) {
  return { [sdk.RESP_TYPES.BLOB_STRING]: Buffer };
}

function newRedis(sdk: RedisSdk, settings: RedisSettings) {
  return sdk.createClient({
    // RESP2 and a bare `AUTH password`, as redis-py sends: a password given to a server without
    // one is refused, as in Label Studio, instead of passing as the ACL default user's.
    RESP: 2,
    socket: { host: settings.host, port: settings.port, connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false },
    ...(settings.password === null ? {} : { password: settings.password }),
    database: settings.db,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
  });
}
type Redis = ReturnType<typeof newRedis>;

/** Connects, authenticates and selects the database within CONNECT_TIMEOUT_MS, or says why not. */
async function connect(settings: RedisSettings, direction: StorageConfig['direction']): Promise<Redis> {
  const redis = newRedis(await loadRedis(), settings);
  let firstError: Error | null = null;
  // Without a listener an 'error' event would crash the process; the first one is the real cause.
  redis.on('error', (error: Error) => (firstError ??= error));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} seconds`)),
      CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([redis.connect(), timedOut]);
    return redis;
  } catch (error) {
    // The cause is read before destroy(), which may report errors of its own.
    const cause = firstError ?? error;
    if (redis.isOpen) redis.destroy();
    throw cannotConnect(cause, settings, direction);
  } finally {
    clearTimeout(timer);
  }
}

function keyOf(raw: Buffer): string {
  try {
    return UTF8.decode(raw);
  } catch {
    // Label Studio decodes replies as UTF-8 too and fails the same way.
    throw new StorageError(`Redis key ${JSON.stringify(raw.toString('latin1'))} is not UTF-8 text.`);
  }
}

export function createRedisClient(config: StorageConfig): StorageClient {
  let pending: Promise<Redis> | null = null;
  /** One connection per client, opened on first use and reused until close(). */
  const connection = async (): Promise<Redis> => {
    pending ??= (async () => connect(settingsOf(config), config.direction))();
    try {
      return await pending;
    } catch (error) {
      pending = null;
      throw error;
    }
  };
  /** A command's failure as a StorageError naming what was being done. */
  const run = async <T>(what: string, signal: AbortSignal | undefined, work: (redis: Redis) => Promise<T>) => {
    signal?.throwIfAborted();
    const redis = await connection();
    try {
      return await work(redis);
    } catch (error) {
      if (error instanceof StorageError) throw error;
      throw new StorageError(`Redis could not ${what}: ${(error as Error).message}`);
    }
  };
  const prefix = () => settingsOf(config).prefix;

  return {
    objectsAreTasks: true,
    async validate() {
      // validate_connection: connecting (with AUTH and SELECT) and a PING.
      await run('answer PING', undefined, (redis) => redis.ping());
    },
    async *list(signal) {
      const redis = await connection();
      const pages = redis
        .withTypeMapping(asBytes(await loadRedis()))
        .scanIterator({ MATCH: `${prefix()}*`, COUNT: SCAN_PAGE });
      const iterator = pages[Symbol.asyncIterator]();
      for (;;) {
        signal?.throwIfAborted();
        const page = await run('list keys', signal, () => iterator.next());
        if (page.done) return;
        for (const raw of page.value) {
          const key = keyOf(raw);
          // Label Studio 1.22 lists Redis keys without the filter; Outpost honours it as for
          // every other type, matched (re.match) against the whole key.
          if (config.regexFilter && !pythonReMatch(config.regexFilter, key)) continue;
          const object: StorageObjectInfo = { key, lastModified: null, size: null };
          yield object;
        }
      }
    },
    async read(key, maxBytes, signal) {
      return run(`read key "${key}"`, signal, async (redis) => {
        const size = await redis.strLen(key).catch(async (error: Error) => {
          if (!error.message.startsWith('WRONGTYPE')) throw error;
          const type = await redis.type(key);
          throw new StorageError(`Redis key "${key}" holds a ${type}, not task JSON text.`);
        });
        if (size > maxBytes) throw new StorageError(`Redis key "${key}" holds more than ${maxBytes} bytes.`);
        // A key gone since the listing reads as empty: no task, as in Label Studio.
        return (await redis.withTypeMapping(asBytes(await loadRedis())).get(key)) ?? Buffer.alloc(0);
      });
    },
    async write(key, body, signal) {
      const name = prefix() + key;
      await run(`write key "${name}"`, signal, (redis) => redis.set(name, body));
    },
    async remove(key, signal) {
      const name = prefix() + key;
      await run(`delete key "${name}"`, signal, (redis) => redis.del(name));
    },
    // Never written into a task (objects are tasks); a readable name for a key.
    uriOf: (key) => `redis://${key}`,
    // RedisImportStorage.can_resolve_url is False: a Redis URI in task data stays as it is.
    canResolve: () => false,
    presignedUrl: async () => null,
    async open() {
      throw new StorageError('Redis storages hold task JSON, not media: their keys cannot be opened as files.');
    },
    async close() {
      const opening = pending;
      pending = null;
      const redis = await opening?.catch(() => null);
      if (!redis?.isOpen) return;
      await redis.close().catch(() => redis.destroy());
    },
  };
}
