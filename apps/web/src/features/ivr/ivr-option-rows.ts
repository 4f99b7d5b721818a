import type { IvrMenu, IvrOptionInput } from '@tsunagu/contract/pbx/ivr';

/** A row of the dialog's options grid. */
export interface IvrOptionRow {
  /** Grid row key: the stored uuid, or one made up for a row added in the dialog. */
  key: string;
  ivrMenuOptionUuid: string | null;
  ivrMenuOptionDigits: string;
  ivrMenuOptionParam: string;
  /** Edited in the grid since the dialog opened (shown pink). */
  changed: boolean;
}

let added = 0;

/** The grid rows of a stored menu (none for a new one). */
export function optionRowsOf(menu: IvrMenu | null): IvrOptionRow[] {
  return (menu?.ivrMenuOptions ?? []).map((option) => ({
    key: option.ivrMenuOptionUuid,
    ivrMenuOptionUuid: option.ivrMenuOptionUuid,
    ivrMenuOptionDigits: option.ivrMenuOptionDigits,
    ivrMenuOptionParam: option.ivrMenuOptionParam,
    changed: false,
  }));
}

/** A row for an option added with 'メニュー登録'. */
export function newOptionRow(
  option: Pick<IvrOptionInput, 'ivrMenuOptionDigits' | 'ivrMenuOptionParam'>,
): IvrOptionRow {
  added += 1;
  return { key: `new-${added}`, ivrMenuOptionUuid: null, ...option, changed: false };
}

/** The rows as the save payload carries them. */
export function optionInputsOf(rows: readonly IvrOptionRow[], domainUuid: string): IvrOptionInput[] {
  return rows.map((row) => ({
    ivrMenuOptionUuid: row.ivrMenuOptionUuid,
    domainUuid,
    ivrMenuOptionDigits: row.ivrMenuOptionDigits,
    ivrMenuOptionParam: row.ivrMenuOptionParam,
  }));
}
