/**
 * The derived text columns of a customer: the 五十音順 sort key and the search text. Both fold katakana
 * into hiragana, so 'ヤマダ' and 'やまだ' sort and match alike.
 */

/** Katakana (U+30A1–U+30F6) to hiragana; everything else unchanged. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Text as the search compares it: NFKC (full-width Latin and digits, half-width kana), lower case, hiragana. */
export function searchForm(text: string): string {
  return toHiragana(text.normalize('NFKC').toLowerCase());
}

interface Names {
  company: string;
  companyKana: string;
  person: string;
  personKana: string;
}

/** The list's 五十音順 key: the company's furigana, else the company, else the person's furigana or name. */
export function sortKeyOf(names: Names): string {
  const first =
    [names.companyKana, names.company, names.personKana, names.person].find((t) => t !== '') ?? '';
  const second = names.company !== '' || names.companyKana !== '' ? names.personKana || names.person : '';
  return searchForm(`${first} ${second}`.trim());
}

/** What the list's free-text search looks through: every name and furigana. */
export function searchTextOf(names: Names): string {
  return searchForm([names.company, names.companyKana, names.person, names.personKana].join('\n'));
}

/** A LIKE pattern that finds the text anywhere (its %, _ and \ taken literally). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
