import { describe, expect, it } from 'vitest';
import { ivrParamNumber, luaAnnouncementFile, transferDataNumber, xmlTargetOf } from './dialplan-data';

const DOMAIN = 'tenant-a.example';

describe('IVR option params (spec 2.8)', () => {
  const cases: [string, string | null, string | null][] = [
    ['IVR form', `transfer 500 XML ${DOMAIN}`, '500'],
    ['ring group form', `transfer 300 XML ${DOMAIN}`, '300'],
    ['extension form', 'lua nit_ivr_record.lua 1002', '1002'],
    ['extra spaces', `  transfer   1001   XML   ${DOMAIN} `, '1001'],
    ['another tenant’s context', 'transfer 1001 XML tenant-b.example', null],
    ['a context that only starts alike', `transfer 1001 XML ${DOMAIN}.evil`, null],
    ['dial-string syntax in the number', `transfer {x=y}1001 XML ${DOMAIN}`, null],
    ['a different lua script', 'lua other.lua 1002', null],
    ['no number', 'lua nit_ivr_record.lua', null],
    ['another application', 'bridge sofia/gateway/x/110', null],
    ['empty', '', null],
    ['absent', null, null],
  ];
  it.each(cases)('%s', (_, param, expected) => {
    expect(ivrParamNumber(param, DOMAIN)).toBe(expected);
  });
});

describe("'<number> XML <context>'", () => {
  it('reads the number in the tenant’s own context only', () => {
    expect(transferDataNumber(`1000 XML ${DOMAIN}`, DOMAIN)).toBe('1000');
    expect(transferDataNumber(`*0 XML ${DOMAIN}`, DOMAIN)).toBe('*0');
    expect(transferDataNumber('1000 XML other.example', DOMAIN)).toBeNull();
    expect(transferDataNumber(`abc XML ${DOMAIN}`, DOMAIN)).toBeNull();
    expect(transferDataNumber(`1000 XML`, DOMAIN)).toBeNull();
  });

  it('reads any first word as the destination’s schedule number', () => {
    expect(xmlTargetOf(`8001 XML ${DOMAIN}`, DOMAIN)).toBe('8001');
    expect(xmlTargetOf('8001 XML other.example', DOMAIN)).toBeNull();
    expect(xmlTargetOf(null, DOMAIN)).toBeNull();
  });
});

describe("'streamfile.lua <file>'", () => {
  it('reads the announcement file', () => {
    expect(luaAnnouncementFile('streamfile.lua busy.wav')).toBe('busy.wav');
    expect(luaAnnouncementFile('streamfile.lua 営業 案内.wav')).toBe('営業 案内.wav');
    expect(luaAnnouncementFile('streamfile.lua ')).toBeNull();
    expect(luaAnnouncementFile('other.lua busy.wav')).toBeNull();
    expect(luaAnnouncementFile(null)).toBeNull();
  });
});
