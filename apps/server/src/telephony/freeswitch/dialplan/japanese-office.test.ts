/**
 * A Japanese office's business hours (issue 17) on both engines: the routing model answers each
 * boundary instant with the expected rule (read in the tenant's zone, whatever the process's TZ), the
 * sandbox follows that plan, and the FreeSWITCH dialplan answer generated from it does what the rule says.
 */
import { JAPANESE_OFFICE_CASES } from '@tsunagu/contract/schedule/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalPlan } from '../../routing';
import { callIn, DOMAIN } from '../../routing/testing';
import { executed } from '../testing/dialplan-reading';
import { buildDialplanXml } from './dialplan-document';
import { translatePlan } from './plan-translation';

const NUMBER = '0312345685';

/** What FreeSWITCH runs for the outside call at the instant, as [application, data] pairs. */
function freeswitchAnswer(at: string) {
  const plan = callIn(NUMBER, at);
  const translation = translatePlan(plan, {
    domainName: DOMAIN,
    context: 'public',
    media: (file) => `/recordings/${file}`,
    monitorTarget: () => null,
    pickupTarget: () => null,
  });
  return executed(buildDialplanXml('public', NUMBER, finalPlan(plan).kind, translation), NUMBER);
}

/** The applications that tell each rule's action apart in the answer. */
const RULE_APPS: Record<string, (apps: [string, string][]) => boolean> = {
  // Holidays and closed days: the announcement, then hang up.
  '祝日・休業日': (apps) =>
    apps.some(([app, data]) => app === 'playback' && data === '/recordings/holiday.wav'),
  // The New Year break hangs up at once.
  年末年始: (apps) => apps.length === 1 && apps[0]?.[0] === 'hangup' && apps[0][1] === 'NORMAL_CLEARING',
  // Weekdays ring group 300.
  平日: (apps) => apps.some(([app, data]) => app === 'bridge' && data.includes('presence_id=1001@')),
  // Nights go out to 0312345678 through a gateway.
  夜間: (apps) =>
    apps.some(([app, data]) => app === 'bridge' && /^sofia\/gateway\/[^/]+\/0312345678$/.test(data)),
  // Otherwise voicemail.
  anti: (apps) => apps.some(([app]) => app === 'record'),
};

describe('a Japanese office on both engines, in the tenant zone whatever the process TZ', () => {
  const processZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = processZone;
  });

  it.each(JAPANESE_OFFICE_CASES)('%s (%s): the routing model picks %s', (_what, at, rule) => {
    expect(callIn(NUMBER, at)).toMatchObject({ kind: 'incoming', conditionName: rule });
  });

  it.each(JAPANESE_OFFICE_CASES)('%s (%s): the FreeSWITCH answer does what %s says', (_what, at, rule) => {
    const apps = freeswitchAnswer(at);
    const matching = Object.entries(RULE_APPS).filter(([, does]) => does(apps));
    expect(matching.map(([name]) => name)).toEqual([rule]);
  });

  it('tells the rule’s priority with its name', () => {
    expect(callIn(NUMBER, '2026-11-23T00:00:00+09:00')).toMatchObject({
      conditionName: '祝日・休業日',
      conditionType: 'holiday',
      conditionOrder: 505,
    });
  });
});
