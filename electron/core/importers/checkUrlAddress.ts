import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { importError, INVALID_UPLOAD_URL } from '../domain/imports/importContext.js';

/**
 * Addresses an import must not reach unless allowed (SSRF): this machine, private networks,
 * link-local (cloud metadata lives at 169.254.169.254), shared, multicast and reserved ranges.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv4'); // prettier-ignore
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fe80::', 10], ['fc00::', 7], ['ff00::', 8], ['64:ff9b::', 96], ['2002::', 16],
  ['100::', 64],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv6'); // prettier-ignore

/** An IPv6 address that embeds an IPv4 one (`::ffff:a.b.c.d`) is judged by the IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const v4 = isIP(bare) === 4 ? bare : embeddedIpv4(bare);
  if (v4) return BLOCKED.check(v4, 'ipv4');
  return isIP(bare) === 6 ? BLOCKED.check(bare, 'ipv6') : true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a URL's host and checks every address it resolves to (one public address among
 * private ones is not enough: the connection could take any). Returns the address to connect to,
 * so the connection cannot be re-resolved to somewhere else (DNS rebinding).
 */
export async function resolveImportUrl(url: URL, allowPrivate: boolean): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw importError(INVALID_UPLOAD_URL);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
        address: entry.address,
        family: entry.family as 4 | 6,
      }));
    } catch {
      throw importError(`Can't resolve hostname ${host}`);
    }
  }
  if (addresses.length === 0) throw importError(`Can't resolve hostname ${host}`);
  if (!allowPrivate && addresses.some((entry) => isBlockedAddress(entry.address))) {
    throw importError(INVALID_UPLOAD_URL);
  }
  return addresses[0]!;
}
