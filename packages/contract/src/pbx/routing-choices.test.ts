import { describe, expect, it } from 'vitest';
import {
  actionOptionItems,
  destinationTitle,
  initDataSchema,
  ivrDestinationChoices,
  ivrDestinations,
  type InitData,
} from './routing-choices';

const init: InitData = {
  extensions: [
    { extension: '1010', effectiveCallerIdName: '佐藤' },
    { extension: '1002', effectiveCallerIdName: '' },
  ],
  ringGroups: [
    { ringGroupExtension: '310', ringGroupName: 'サポート', ringGroupContext: 'example.com' },
    { ringGroupExtension: '301', ringGroupName: '営業', ringGroupContext: 'example.com' },
  ],
  ivrMenus: [{ ivrMenuExtension: '5000', ivrMenuName: '代表' }],
};

describe('IVR destination choices', () => {
  it('builds titles and values for every kind, grouped IVR / グループ番号 / 内線 and sorted by number', () => {
    expect(ivrDestinationChoices(init, 'example.com')).toEqual([
      {
        label: 'IVR',
        options: [
          { value: 'transfer 5000 XML example.com', title: '5000 [代表]', ext: '5000', group: 'IVR' },
        ],
      },
      {
        label: 'グループ番号',
        options: [
          { value: 'transfer 301 XML example.com', title: '301 [営業]', ext: '301', group: 'グループ番号' },
          {
            value: 'transfer 310 XML example.com',
            title: '310 [サポート]',
            ext: '310',
            group: 'グループ番号',
          },
        ],
      },
      {
        label: '内線',
        options: [
          { value: 'lua nit_ivr_record.lua 1002', title: '1002 [内線]', ext: '1002', group: '内線' },
          { value: 'lua nit_ivr_record.lua 1010', title: '1010 [佐藤]', ext: '1010', group: '内線' },
        ],
      },
    ]);
  });

  it("uses the domain name for IVRs and the group's own context for ring groups", () => {
    const values = ivrDestinations(
      {
        ...init,
        ringGroups: [{ ringGroupExtension: '301', ringGroupName: '営業', ringGroupContext: 'ctx.example' }],
      },
      'tenant.example',
    ).map((c) => c.value);
    expect(values).toContain('transfer 5000 XML tenant.example');
    expect(values).toContain('transfer 301 XML ctx.example');
  });

  it('leaves out empty groups', () => {
    expect(ivrDestinationChoices({ ...init, ivrMenus: [] }, 'example.com').map((g) => g.label)).toEqual([
      'グループ番号',
      '内線',
    ]);
  });

  it('finds the title of a stored param, falling back to the param', () => {
    const choices = ivrDestinations(init, 'example.com');
    expect(destinationTitle(choices, 'transfer 301 XML example.com')).toBe('301 [営業]');
    expect(destinationTitle(choices, 'lua nit_ivr_record.lua 1999')).toBe('lua nit_ivr_record.lua 1999');
  });

  it('parses full rows of the init data, keeping only what the choices need', () => {
    const parsed = initDataSchema.parse({
      extensions: [{ extension: '1001', effectiveCallerIdName: '山田', password: 'secret' }],
      ringGroups: [],
      ivrMenus: [],
    });
    expect(parsed.extensions).toEqual([{ extension: '1001', effectiveCallerIdName: '山田' }]);
  });
});

describe('business-hours action option items', () => {
  it('uses the number as id, "number [name]" as itemName and the IVR / グループ設定 / 内線 groups', () => {
    expect(actionOptionItems(init)).toEqual([
      { id: '5000', itemName: '5000 [代表]', group: 'IVR' },
      { id: '301', itemName: '301 [営業]', group: 'グループ設定' },
      { id: '310', itemName: '310 [サポート]', group: 'グループ設定' },
      { id: '1002', itemName: '1002 [内線]', group: '内線' },
      { id: '1010', itemName: '1010 [佐藤]', group: '内線' },
    ]);
  });
});
