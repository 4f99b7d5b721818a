/**
 * Readers of the FreeSWITCH-style argument strings the contract stores: '<number> XML <context>',
 * 'transfer <number> XML <context>', 'lua nit_ivr_record.lua <ext>' and 'streamfile.lua <file>'.
 * A target in another context is refused: it would route into another tenant.
 */

const NUMBER = /^[0-9*#]{1,32}$/;
const TRANSFER_DATA = /^(\S+)\s+XML\s+(\S+)$/;
const TRANSFER_PARAM = /^transfer\s+(\S+\s+XML\s+\S+)$/;
const EXTENSION_PARAM = /^lua\s+nit_ivr_record\.lua\s+(\S+)$/;
const LUA_ANNOUNCEMENT = /^streamfile\.lua\s+(\S.*)$/;

/** The first word of '<word> XML <context>' when the context is the tenant's, else null. */
export function xmlTargetOf(data: string | null | undefined, domainName: string): string | null {
  const match = TRANSFER_DATA.exec(data?.trim() ?? '');
  return match && match[2] === domainName ? (match[1] ?? null) : null;
}

/** The number of '<number> XML <context>' when the context is the tenant's, else null. */
export function transferDataNumber(data: string | null | undefined, domainName: string): string | null {
  const number = xmlTargetOf(data, domainName);
  return number !== null && NUMBER.test(number) ? number : null;
}

/** The number an IVR option param leads to (its three forms, spec 2.8), or null. */
export function ivrParamNumber(param: string | null | undefined, domainName: string): string | null {
  const text = param?.trim() ?? '';
  const transfer = TRANSFER_PARAM.exec(text);
  if (transfer) return transferDataNumber(transfer[1], domainName);
  const extension = EXTENSION_PARAM.exec(text)?.[1] ?? '';
  return NUMBER.test(extension) ? extension : null;
}

/** The recording of a 'streamfile.lua <file>' no-answer action, or null. */
export function luaAnnouncementFile(data: string | null | undefined): string | null {
  return LUA_ANNOUNCEMENT.exec(data?.trim() ?? '')?.[1] ?? null;
}
