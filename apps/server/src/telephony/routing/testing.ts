/** A sample tenant for the routing tests: every kind of object, in every state worth routing. */
import { dialplanSchema, type Dialplan, type TimeCondition } from '@tsunagu/contract';
import { anti, days, japaneseOffice, mday, MON_FRI, wtime } from '@tsunagu/contract/schedule/testing';
import { route } from './route';
import { buildTenantConfig } from './tenant-config';
import type { ExtensionRow, RingGroupRow, TenantRows } from './tenant-rows';

export const DOMAIN = 'tenant-a.example';
const OTHER_DOMAIN = 'tenant-b.example';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function extension(number: string, name: string, fields: Partial<ExtensionRow> = {}): ExtensionRow {
  return {
    extensionUuid: uuid(Number(number)),
    extension: number,
    effectiveCallerIdName: name,
    outboundCallerIdNumber: '',
    enabled: 'true',
    doNotDisturb: 'false',
    forwardAllDestination: '',
    callTimeout: 30,
    phoneType: 'phone',
    ...fields,
  };
}

function ringGroup(number: string, members: string[], fields: Partial<RingGroupRow> = {}): RingGroupRow {
  return {
    ringGroupExtension: number,
    ringGroupName: `グループ${number}`,
    ringGroupGreeting: '',
    ringGroupStrategy: 'enterprise',
    ringGroupEnabled: 'true',
    ringGroupTimeoutApp: 'hangup',
    ringGroupTimeoutData: null,
    ringGroupMissedCallData: null,
    destinations: members.map((destinationNumber) => ({ destinationNumber, destinationTimeout: 20 })),
    ...fields,
  };
}

const transferTo = (number: string, domain = DOMAIN) => ({
  ringGroupTimeoutApp: 'transfer' as const,
  ringGroupTimeoutData: `${number} XML ${domain}`,
});

function schedule(
  dialplanNumber: string,
  name: string,
  timeconditions: TimeCondition[],
  fields: Partial<Dialplan> = {},
) {
  return dialplanSchema.parse({
    dialplanNumber,
    dialplanName: name,
    dialplanContext: DOMAIN,
    timeconditions,
    ...fields,
  });
}

/** 本社: weekdays 09:00–18:00 ring group 300, lunch announcement, weekend transfers, year-end closure. */
export const OFFICE_SCHEDULE = schedule('8001', '本社', [
  anti({
    timeConditionActionType: 'vmail',
    timeConditionVoiceMail: 'office@example.jp',
    timeConditionVoiceMailAnnounce: 'absent.wav',
  }),
  wtime('昼休み', 800, '12:00-13:00', {
    ...MON_FRI,
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'lunch.wav',
  }),
  wtime('平日', 810, '09:00-18:00', {
    ...MON_FRI,
    timeConditionActionType: 'action',
    timeConditionAction: '300',
  }),
  wtime('土曜', 820, '10:00-14:00', {
    ...days(6),
    timeConditionActionType: 'transfer',
    timeConditionTransfer: '090 1234 5678',
  }),
  wtime('日曜', 830, '10:00-12:00', {
    ...days(0),
    timeConditionActionType: 'transfer',
    timeConditionTransfer: '1002',
  }),
  wtime('欠番', 840, '19:00-20:00', {
    ...days(2),
    timeConditionActionType: 'action',
    timeConditionAction: '1099',
  }),
  wtime('無音', 850, '19:00-20:00', {
    ...days(3),
    timeConditionActionType: 'announce',
    timeConditionAnnounce: '',
  }),
  wtime('外線アクション', 860, '19:00-20:00', {
    ...days(4),
    timeConditionActionType: 'action',
    timeConditionAction: '0312340000',
  }),
  mday('創立記念日', 510, '6', '1-1', { timeConditionActionType: 'vmail' }),
  mday('年末', 520, '12', '29-31', { timeConditionActionType: 'hangup' }),
  mday('棚卸', 530, '3', '31', { timeConditionActionType: 'action', timeConditionAction: '500' }),
  mday('停止中', 500, '1', '1-31', { timeConditionActionType: 'hangup', timeConditionEnabled: 'false' }),
]);

/** The stored name of extension 1014's own voicemail greeting. */
export const VOICEMAIL_GREETING = '0b5a7f3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.wav';

export function tenantRows(): TenantRows {
  return {
    tenantUuid: uuid(1),
    domainName: DOMAIN,
    timeZone: 'Asia/Tokyo',
    extensions: [
      extension('1001', '山田', { phoneType: 'verto', outboundCallerIdNumber: '0312345679' }),
      extension('1002', '佐藤'),
      extension('1003', '鈴木', { doNotDisturb: 'true', forwardAllDestination: '1002' }),
      extension('1004', '田中', { enabled: 'false' }),
      extension('1005', '高橋', { forwardAllDestination: '1002' }),
      extension('1006', '伊藤', { forwardAllDestination: '1007' }),
      extension('1007', '渡辺', { forwardAllDestination: '1006' }),
      extension('1008', '中村', {
        forwardAllDestination: '090-1234-5678',
        outboundCallerIdNumber: '0312345679',
      }),
      extension('1009', '小林', {
        phoneType: 'verto',
        callTimeout: 45,
        outboundCallerIdNumber: '0312345670',
      }),
      extension('1010', '加藤', { phoneType: null, enabled: true, doNotDisturb: false }),
      extension('1011', '吉田', { forwardAllDestination: '1001' }),
      extension('1012', '山本', { forwardAllDestination: '*33 1001' }),
      // Voicemail boxes: unanswered and busy calls after 15 s; busy ones only, with the box's own
      // greeting; and a box behind do-not-disturb.
      extension('1013', '井上', {
        voicemail: { onNoAnswer: true, noAnswerSeconds: 15, onBusy: true, greeting: null },
      }),
      extension('1014', '木村', {
        voicemail: { onNoAnswer: false, noAnswerSeconds: 20, onBusy: true, greeting: VOICEMAIL_GREETING },
      }),
      extension('1015', '林', {
        doNotDisturb: true,
        voicemail: { onNoAnswer: true, noAnswerSeconds: 20, onBusy: true, greeting: null },
      }),
    ],
    ringGroups: [
      ringGroup('300', ['1010', '1002', '1001', '1003', '1004', '1099'], {
        ringGroupName: '営業',
        ringGroupGreeting: 'welcome.wav',
        ringGroupMissedCallData: 'sales@example.jp',
      }),
      ringGroup('301', ['1009', '1002', '1001'], {
        ringGroupStrategy: 'rollover',
        ringGroupTimeoutApp: 'lua',
        ringGroupTimeoutData: 'streamfile.lua busy.wav',
      }),
      ringGroup('302', ['1001', '1002', '1009', '1010', '1003'], {
        ringGroupStrategy: 'random',
        ...transferTo('1002'),
      }),
      ringGroup('303', ['1002'], transferTo('500')),
      ringGroup('304', ['1002'], transferTo('305')),
      ringGroup('305', ['1002'], transferTo('304')),
      ringGroup('306', ['1002'], transferTo('1002', OTHER_DOMAIN)),
      ringGroup('307', ['1002'], { ringGroupEnabled: 'false' }),
      ringGroup('308', ['1003', '1004'], transferTo('0312340000')),
      ringGroup('309', ['1002'], { ringGroupTimeoutApp: 'lua', ringGroupTimeoutData: 'streamfile.lua ' }),
      ringGroup('310', ['1002'], transferTo('*331001')),
    ],
    ivrMenus: [
      {
        ivrMenuExtension: '500',
        ivrMenuName: 'メインメニュー',
        ivrMenuGreetLong: 'main.wav',
        ivrMenuEnabled: 'true',
        ivrMenuOptions: [
          { ivrMenuOptionDigits: '1', ivrMenuOptionParam: `transfer 300 XML ${DOMAIN}` },
          { ivrMenuOptionDigits: '2', ivrMenuOptionParam: 'lua nit_ivr_record.lua 1002' },
          { ivrMenuOptionDigits: '3', ivrMenuOptionParam: `transfer 501 XML ${DOMAIN}` },
          { ivrMenuOptionDigits: '4', ivrMenuOptionParam: `transfer 1002 XML ${OTHER_DOMAIN}` },
          { ivrMenuOptionDigits: '5', ivrMenuOptionParam: 'lua nit_ivr_record.lua 1099' },
          { ivrMenuOptionDigits: 'x', ivrMenuOptionParam: 'lua nit_ivr_record.lua 1002' },
          { ivrMenuOptionDigits: '1', ivrMenuOptionParam: 'lua nit_ivr_record.lua 1001' },
          { ivrMenuOptionDigits: '6', ivrMenuOptionParam: 'bridge sofia/gateway/x/110' },
          { ivrMenuOptionDigits: '#', ivrMenuOptionParam: `transfer 500 XML ${DOMAIN}` },
        ],
      },
      {
        ivrMenuExtension: '501',
        ivrMenuName: 'サブメニュー',
        ivrMenuGreetLong: 'sub.wav',
        ivrMenuEnabled: true,
        ivrMenuOptions: [{ ivrMenuOptionDigits: '0', ivrMenuOptionParam: `transfer 500 XML ${DOMAIN}` }],
      },
      {
        ivrMenuExtension: '502',
        ivrMenuName: '停止中',
        ivrMenuGreetLong: 'off.wav',
        ivrMenuEnabled: 'false',
        ivrMenuOptions: [],
      },
    ],
    destinations: [
      {
        destinationNumber: '0312345678',
        destinationCidNamePrefix: '代表',
        destinationData: `8001 XML ${DOMAIN}`,
        destinationEnabled: 'true',
      },
      {
        destinationNumber: '0312345679',
        destinationCidNamePrefix: '営業',
        destinationData: `8001 XML ${DOMAIN}`,
        destinationEnabled: 'false',
      },
      {
        destinationNumber: '0312345680',
        destinationCidNamePrefix: null,
        destinationData: `8999 XML ${DOMAIN}`,
        destinationEnabled: 'true',
      },
      {
        destinationNumber: '0312345681',
        destinationCidNamePrefix: null,
        destinationData: `8001 XML ${OTHER_DOMAIN}`,
        destinationEnabled: 'true',
      },
      {
        destinationNumber: '0312345682',
        destinationCidNamePrefix: '',
        destinationData: `8003 XML ${DOMAIN}`,
        destinationEnabled: true,
      },
      {
        destinationNumber: '0312345683',
        destinationCidNamePrefix: '',
        destinationData: `8004 XML ${DOMAIN}`,
        destinationEnabled: 'true',
      },
      {
        destinationNumber: '0312345685',
        destinationCidNamePrefix: '',
        destinationData: `8005 XML ${DOMAIN}`,
        destinationEnabled: 'true',
      },
      {
        destinationNumber: '0312345684',
        destinationCidNamePrefix: '',
        destinationData: null,
        destinationEnabled: 'true',
      },
    ],
    schedules: [
      OFFICE_SCHEDULE,
      schedule('8003', 'デフォルトなし', [
        wtime('平日', 800, '09:00-18:00', {
          ...MON_FRI,
          timeConditionActionType: 'action',
          timeConditionAction: '1002',
        }),
      ]),
      schedule('8004', '停止中', [anti()], { dialplanEnabled: 'false' }),
      { ...japaneseOffice, dialplanNumber: '8005', dialplanContext: DOMAIN },
    ],
    speedDials: [
      { commName: '01', commSub1: '1002' },
      { commName: '02', commSub1: '0312340000' },
      { commName: '03', commSub1: '1006' },
      { commName: '99', commSub1: '300' },
      { commName: '1', commSub1: '1001' },
    ],
    gateways: [
      { gatewayUuid: uuid(901), gateway: '0312345678', enabled: true },
      { gatewayUuid: uuid(902), gateway: '0312345679', enabled: 'true' },
      { gatewayUuid: uuid(903), gateway: '0312345670', enabled: false },
    ],
  };
}

export const config = buildTenantConfig(tenantRows());

/** An internal call: `caller` (default 1002) dials. */
export function dial(dialled: string, caller = '1002', random?: () => number) {
  return route(config, { dialled, caller, instant: 0, context: 'internal', random });
}

/** An outside call to an incoming number at an instant (ISO text with its offset). */
export function callIn(did: string, at: string) {
  return route(config, { dialled: did, caller: '09099998888', instant: new Date(at), context: 'public' });
}
