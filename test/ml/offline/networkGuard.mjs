/*
 * Preloaded (NODE_OPTIONS=--import) into a process and every worker thread it starts: any
 * attempt to reach another machine (a DNS lookup, a socket to an address that is not loopback,
 * fetch of a non-loopback URL) is written to stderr as "NETWORK ATTEMPT" and fails.
 */
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function refuse(what) {
  process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);
  return new Error(`network blocked: ${what}`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect(), tls and http hand the socket their arguments already normalized, as one array.
  const given = Array.isArray(args[0]) ? args[0] : args;
  const options = typeof given[0] === 'object' && given[0] !== null ? given[0] : { port: given[0], host: given[1] };
  const host = options.path ? 'loopback' : (options.host ?? 'localhost');
  if (!options.path && !LOOPBACK.has(host)) throw refuse(`socket to ${host}:${options.port}`);
  return connect.apply(this, args);
};

dns.lookup = (host, ...rest) => {
  const callback = rest.pop();
  process.nextTick(() => callback(refuse(`DNS lookup of ${host}`)));
};
dns.promises.lookup = async (host) => {
  throw refuse(`DNS lookup of ${host}`);
};

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input.url);
  if (!LOOPBACK.has(url.hostname.replace(/^\[|\]$/g, ''))) throw refuse(`fetch ${url.href}`);
  return realFetch(input, init);
};
