import { randomUUID } from 'node:crypto';
import type { NumberLabel } from '@tsunagu/contract/crm/customer';
import { searchTextOf, sortKeyOf } from '../crm/customer-text';
import type { Tx } from './client';
import { customerNumbers, customers } from './schema';

interface DemoCustomer {
  company: string;
  companyKana: string;
  person: string;
  personKana: string;
  department?: string;
  prefecture?: string;
  address?: string;
  postalCode?: string;
  tags?: string[];
  memo?: string;
  /** The owner's username. */
  owner?: string;
  numbers: [NumberLabel, string][];
}

/**
 * A few customers whose numbers the demo's calls use, so the console shows names, records and timelines
 * at once. 0487654321 and 09011112222 stay unknown: the demo's recall items are for callers not yet
 * registered (the recall tests read them so).
 */
const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    company: '株式会社みなと商事',
    companyKana: 'カブシキガイシャミナトショウジ',
    person: '佐々木 健',
    personKana: 'ササキ ケン',
    department: '購買部',
    postalCode: '105-0022',
    prefecture: '東京都',
    address: '港区海岸1-2-3',
    tags: ['重要'],
    memo: '毎月末に定期発注あり。',
    owner: 'yamada',
    numbers: [
      ['代表', '0312340001'],
      ['携帯', '09055550001'],
    ],
  },
  {
    company: 'なにわ物産株式会社',
    companyKana: 'ナニワブッサンカブシキガイシャ',
    person: '大西 美咲',
    personKana: 'オオニシ ミサキ',
    department: '営業部',
    prefecture: '大阪府',
    address: '大阪市北区梅田2-4-6',
    owner: 'suzuki',
    numbers: [['代表', '0667778888']],
  },
  {
    company: '中部精機株式会社',
    companyKana: 'チュウブセイキカブシキガイシャ',
    person: '伊藤 誠',
    personKana: 'イトウ マコト',
    prefecture: '愛知県',
    address: '名古屋市中区栄3-5-7',
    numbers: [
      ['直通', '0520001111'],
      ['FAX', '0520001112'],
    ],
  },
];

/** The demo tenant's customers (before its calls, which then show their names). */
export async function seedDemoCustomers(
  tx: Tx,
  tenantUuid: string,
  users: Map<string, string>,
): Promise<void> {
  for (const c of DEMO_CUSTOMERS) {
    const customerUuid = randomUUID();
    const names = {
      company: c.company,
      companyKana: c.companyKana,
      person: c.person,
      personKana: c.personKana,
    };
    await tx.insert(customers).values({
      customerUuid,
      domainUuid: tenantUuid,
      ...names,
      department: c.department ?? '',
      postalCode: c.postalCode ?? '',
      prefecture: c.prefecture ?? '',
      address: c.address ?? '',
      tags: c.tags ?? [],
      memo: c.memo ?? '',
      ownerUuid: c.owner ? (users.get(c.owner) ?? null) : null,
      sortKey: sortKeyOf(names),
      searchText: searchTextOf(names),
      updatedBy: 'admin',
    });
    await tx.insert(customerNumbers).values(
      c.numbers.map(([label, numberKey], position) => ({
        customerUuid,
        position,
        domainUuid: tenantUuid,
        label,
        numberKey,
      })),
    );
  }
}
