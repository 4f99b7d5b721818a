import { z } from 'zod';

/** Row ids as the API carries them: any 8-4-4-4-12 hex string (seed data need not be RFC 4122). */
export const idSchema = z.guid();

/** A 'true' | 'false' flag as the API carries it. */
export const flagSchema = z.enum(['true', 'false']);
export type Flag = z.infer<typeof flagSchema>;

/** The API flag for a stored boolean: true → 'true', false → 'false'. */
export function flagOf(on: boolean): Flag {
  return on ? 'true' : 'false';
}

/** The stored boolean for an API flag: only 'true' is on (anything else, absent or 'TRUE' included, is off). */
export function isFlagOn(flag: string | null | undefined): boolean {
  return flag === 'true';
}

/** The data of every PBX list answer. */
export interface ListData<T> {
  list: T[];
}

/** The schema of a list answer's data: `{ list: T[] }`. */
export function listDataSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item) });
}

/** An inclusive integer range. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** The example phone number in placeholders and messages ('ex: {phone}'), a Tokyo landline. */
export const PHONE_EXAMPLE = '0312345678';

/** Label for numbers in selects and choices: '{number} [{name}]', with the fallback when the name is blank. */
export function numberLabel(number: string, name: string | null | undefined, fallback = ''): string {
  return `${number} [${isBlank(name) ? fallback : name}]`;
}

/** True when the value is absent or only whitespace. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** True when the text is written in ASCII digits only and, as a number, lies within the range. */
export function isDigitsIn(text: string, range: Range): boolean {
  return /^\d+$/.test(text) && Number(text) >= range.min && Number(text) <= range.max;
}

/** Orders telephone numbers as numbers ('99' before '100'), for sorted selects. */
export function compareNumbers(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Flag labels of status fields: 'true' = 利用 (in use); anything else reads 停止 (stopped). */
export function enabledLabel(value: string | null | undefined): string {
  return isFlagOn(value) ? '利用' : '停止';
}

/** Options of a status select ('true' = 利用, 'false' = 停止). */
export const ENABLED_OPTIONS: readonly { value: Flag; label: string }[] = [
  { value: 'true', label: '利用' },
  { value: 'false', label: '停止' },
];

/** A titled group of options, the shape antd Select takes for option groups. */
export interface OptionGroup<T> {
  label: string;
  options: T[];
}

/** Groups items by their `group` label, keeping the order in which groups first appear. */
export function groupOptions<T extends { group: string }>(items: readonly T[]): OptionGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups].map(([label, options]) => ({ label, options }));
}

/** True for a valid e-mail address (the schedule's absence mail and the ring group's 不在通知メール). */
export function isEmail(text: string): boolean {
  return z.regexes.email.test(text);
}
