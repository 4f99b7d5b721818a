/**
 * The timeline's reads, one per number (or per part of a condition), each an ordered index scan that
 * stops at the limit; merged here. One statement over all the numbers cannot stop early: PostgreSQL reads
 * every row of every number and sorts them (a big client's 25,000 calls, or a scan of the tenant's items).
 */
export async function newestFirst<T>(
  reads: readonly Promise<T[]>[],
  of: (row: T) => { at: Date; id: string },
  limit: number,
): Promise<T[]> {
  const seen = new Set<string>();
  const rows = (await Promise.all(reads)).flat().filter((row) => {
    const { id } = of(row);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  // Newest first; the id breaks ties (descending), as the statements order them.
  rows.sort((a, b) => {
    const x = of(a);
    const y = of(b);
    return y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);
  });
  return rows.slice(0, limit);
}
