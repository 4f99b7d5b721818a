import { describe, expect, it } from 'vitest';
import { dial, VOICEMAIL_GREETING } from './testing';

describe('an extension with a voicemail box', () => {
  it('rings for the box’s seconds, then the box takes the unanswered or busy call', () => {
    const plan = dial('1013');
    expect(plan).toMatchObject({ kind: 'extension', target: { extension: '1013', ringSeconds: 15 } });
    const box = { kind: 'mailbox', extension: '1013', greeting: null };
    expect(plan).toMatchObject({ onNoAnswer: box, onBusy: box });
  });

  it('takes busy calls only when told, with its own greeting; unanswered ones end as before', () => {
    const plan = dial('1014');
    expect(plan).toMatchObject({
      kind: 'extension',
      target: { ringSeconds: 30 },
      onNoAnswer: { kind: 'hangup', reason: 'no-answer' },
      onBusy: { kind: 'mailbox', extension: '1014', greeting: VOICEMAIL_GREETING },
    });
  });

  it('takes the calls do-not-disturb refuses when it takes busy calls', () => {
    expect(dial('1015')).toMatchObject({ kind: 'mailbox', extension: '1015' });
    // Without a box, do-not-disturb is busy as before.
    expect(dial('1003')).toMatchObject({ kind: 'hangup', reason: 'do-not-disturb' });
  });

  it('leaves extensions without a box as they were', () => {
    const plan = dial('1002', '1001');
    expect(plan).toMatchObject({ kind: 'extension', onNoAnswer: { reason: 'no-answer' } });
    expect(plan).not.toHaveProperty('onBusy');
  });

  it('is reached from a ring group only through its members’ own calls: a group rings the member', () => {
    expect(dial('1013', '1013')).toMatchObject({ kind: 'hangup', reason: 'self-call' });
  });
});
