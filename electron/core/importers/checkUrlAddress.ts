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
// Addresses that embed an IPv4 one (mapped, compatible, NAT64, 6to4) are judged by that address
// instead (embeddedIpv4); Teredo's embedded address is obfuscated, so the whole range is refused.
for (const [network, prefix] of [
  ['fe80::', 10], ['fc00::', 7], ['ff00::', 8], ['100::', 64], ['64:ff9b:1::', 48], ['2001::', 32],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv6'); // prettier-ignore

/** The 16 bytes of an IPv6 address in any spelling (`::`, a trailing dotted quad), or null. */
function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  if (groups.length !== 8) return null;
  return groups.flatMap((group) => [group >> 8, group & 255]);
}

const dotted = (bytes: number[]) => bytes.join('.');
const allZero = (bytes: number[]) => bytes.every((byte) => byte === 0);

/**
 * The IPv4 address an IPv6 one stands for, which is where a connection to it may end up:
 * IPv4-mapped `::ffff:a.b.c.d` (also in hex, `::ffff:7f00:1`), the old IPv4-compatible
 * `::a.b.c.d` (`::` and `::1` included, as 0.0.0.0 and 0.0.0.1), SIIT's `::ffff:0:a.b.c.d`,
 * NAT64's `64:ff9b::a.b.c.d` and 6to4's `2002:AABB:CCDD::`.
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const prefix = bytes.slice(0, 12);
  const low = bytes.slice(12);
  if (allZero(prefix.slice(0, 10))) {
    const [x, y] = [prefix[10], prefix[11]];
    if ((x === 0 && y === 0) || (x === 255 && y === 255)) return dotted(low);
  }
  if (allZero(prefix.slice(0, 8)) && prefix[8] === 255 && prefix[9] === 255 && prefix[10] === 0 && prefix[11] === 0) {
    return dotted(low);
  }
  if (dotted(prefix) === '0.100.255.155.0.0.0.0.0.0.0.0') return dotted(low);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(bytes.slice(2, 6));
  return null;
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
