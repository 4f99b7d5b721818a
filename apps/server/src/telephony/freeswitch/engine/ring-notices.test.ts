import { describe, expect, it } from 'vitest';
import type { EslEvent } from '../esl/esl-codec';
import { EslDecoder } from '../esl/esl-codec';
import { fixture } from '../testing/fixtures';
import { CLICK_TO_CALL_MARK, RingNotices } from './ring-notices';

const session = new EslDecoder()
  .push(fixture('esl/esl-session.rx.raw'))
  .flatMap((m) => (m.type === 'event' ? [m.event] : []));
const eventsOf = (...prefixes: string[]) =>
  session.filter((e) => prefixes.some((p) => e['Unique-ID']?.startsWith(p)));
/** The recorded click-to-call's two forks (1001's desk phone and browser), in arrival order. */
const clickToCall = eventsOf('5f6f63e3', '855d7ad8');

describe('ring notices', () => {
  it('tells a user once per call however many of their devices ring (recorded user/1001 fork)', () => {
    const notices = new RingNotices();
    const told = eventsOf('dc2f4237', '12065d6a').flatMap((e) => notices.take(e) ?? []);
    expect(told).toEqual([
      {
        domainName: 'tenant-a.example',
        extension: '1001',
        callId: 'dc2f4237-592e-490b-b515-d3324a7929c0',
        callerName: 'Extension 1002',
        callerNumber: '1002',
        clickToCall: false,
      },
    ]);
  });

  it('groups a click-to-call’s forks by the mark our originate sets on every leg', () => {
    const marked = clickToCall.map((e): EslEvent => ({
      ...e,
      [`variable_${CLICK_TO_CALL_MARK}`]: 'request-1',
    }));
    const notices = new RingNotices();
    const told = marked.flatMap((e) => notices.take(e) ?? []);
    expect(told.map((n) => [n.extension, n.callerNumber, n.clickToCall])).toEqual([
      ['1001', '5551234', true],
    ]);
    // Without it (the recording's own originate), FreeSWITCH gives the forks nothing in common.
    const unmarked = new RingNotices();
    expect(clickToCall.flatMap((e) => unmarked.take(e) ?? [])).toHaveLength(2);
  });

  it('tells nobody about a caller’s own phone, answered legs or legs of no user', () => {
    const notices = new RingNotices();
    for (const prefix of ['4ac85ddf', 'ba9e8159', '3606eda9', 'eaac804b', '77439d19']) {
      expect(
        eventsOf(prefix).flatMap((e) => notices.take(e) ?? []),
        prefix,
      ).toEqual([]);
    }
  });
});
