import { nationalHolidayDates } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const dateList = (days: readonly string[]) => `ARRAY[${days.map((d) => `'${d}'`).join(',')}]::date[]`;

/**
 * Makes public_holidays (migration 0040) equal the holiday package's list. Writes only what differs
 * (a new package version, the first start after the migration): each write recounts the callers.
 */
export async function syncHolidays(database: Database): Promise<void> {
  const wanted = nationalHolidayDates();
  const result = await database.db.execute(
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM public_holidays`,
  );
  const stored = new Set((result as unknown as { rows: { day: string }[] }).rows.map((r) => r.day));
  const wantedSet = new Set(wanted);
  const gone = [...stored].filter((d) => !wantedSet.has(d));
  const added = wanted.filter((d) => !stored.has(d));
  const script = [
    gone.length > 0 ? `DELETE FROM public_holidays WHERE day = ANY (${dateList(gone)});` : '',
    added.length > 0
      ? `INSERT INTO public_holidays SELECT unnest(${dateList(added)}) ON CONFLICT DO NOTHING;`
      : '',
  ].join('\n');
  if (script.trim()) await database.runScript(script);
}
