import { BlockList, isIP } from 'node:net';

/** A range of addresses: a network, its prefix length, and its family. */
interface AddressRange {
  network: string;
  prefix: number;
  type: 'ipv4' | 'ipv6';
}

/** The names `proxy-addr` (Fastify's `trustProxy`) takes for ranges, and what they stand for. */
const NAMED: Record<string, AddressRange[]> = {
  loopback: [
    { network: '127.0.0.0', prefix: 8, type: 'ipv4' },
    { network: '::1', prefix: 128, type: 'ipv6' },
  ],
  linklocal: [
    { network: '169.254.0.0', prefix: 16, type: 'ipv4' },
    { network: 'fe80::', prefix: 10, type: 'ipv6' },
  ],
  uniquelocal: [
    { network: '10.0.0.0', prefix: 8, type: 'ipv4' },
    { network: '172.16.0.0', prefix: 12, type: 'ipv4' },
    { network: '192.168.0.0', prefix: 16, type: 'ipv4' },
    { network: 'fc00::', prefix: 7, type: 'ipv6' },
  ],
};

/** One entry (an address, a CIDR range or a name) as the ranges it stands for; null if none. */
function rangesOf(entry: string): AddressRange[] | null {
  const named = NAMED[entry];
  if (named) return named;
  const [network = '', bits, ...rest] = entry.split('/');
  const family = isIP(network);
  if (family === 0 || rest.length > 0) return null;
  const max = family === 4 ? 32 : 128;
  if (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > max)) return null;
  return [
    {
      network,
      prefix: bits === undefined ? max : Number(bits),
      type: family === 4 ? 'ipv4' : 'ipv6',
    },
  ];
}

/**
 * A comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal` (`TRUST_PROXY`, `METRICS_ALLOW`) as its entries; null when one is none of them.
 */
export function parseAddressList(text: string): string[] | null {
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every((entry) => rangesOf(entry) !== null) ? entries : null;
}

/** The entries of a checked list ({@link parseAddressList}) as a block list; throws on a bad one. */
export function addressBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const ranges = rangesOf(entry);
    if (!ranges) throw new Error(`not an address, a range or a range's name: ${entry}`);
    for (const { network, prefix, type } of ranges) list.addSubnet(network, prefix, type);
  }
  return list;
}

/** Whether `address` is in `list` (an IPv4 peer may arrive as `::ffff:a.b.c.d`). */
export function inBlockList(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
