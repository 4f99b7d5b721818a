import { BlockList, isIP } from 'node:net';

const CIDR = /^(.+)\/(\d{1,3})$/;
/** Addresses whose decision is remembered; refused scanners cannot grow it further. */
const MAX_DECISIONS = 1_000;

/** The address family of an address or CIDR entry ('ipv4' | 'ipv6'), or null when it is neither. */
function familyOf(entry: string): { address: string; prefix: number | null; type: 'ipv4' | 'ipv6' } | null {
  const match = CIDR.exec(entry);
  const address = match ? (match[1] ?? '') : entry;
  const version = isIP(address);
  if (version === 0) return null;
  const prefix = match ? Number(match[2]) : null;
  if (prefix !== null && prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, type: version === 4 ? 'ipv4' : 'ipv6' };
}

/** True when the text is one IP address or CIDR block, e.g. '10.0.0.5' or '10.0.0.0/24'. */
export function isAddressOrCidr(entry: string): boolean {
  return familyOf(entry.trim()) !== null;
}

/** Splits a comma-separated allow-list setting into its entries. */
export function splitAllowList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Matches request addresses against addresses and CIDR blocks (IPv4-mapped IPv6 counts as IPv4). */
export function createAllowList(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = familyOf(entry);
    if (!parsed) throw new Error(`invalid allow-list entry: ${entry}`);
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.type);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.type);
  }
  const check = (address: string) => {
    // Node reports IPv4 peers of a dual-stack socket as '::ffff:a.b.c.d'.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
  // Decisions are kept per address: FreeSWITCH asks from a few hosts, and each check() makes a native
  // SocketAddress that young-generation collections must finalise.
  const decided = new Map<string, boolean>();
  return (address) => {
    if (!address) return false;
    let allowed = decided.get(address);
    if (allowed === undefined) {
      allowed = check(address);
      if (decided.size >= MAX_DECISIONS) decided.clear();
      decided.set(address, allowed);
    }
    return allowed;
  };
}
