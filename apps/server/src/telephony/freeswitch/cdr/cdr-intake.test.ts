import { describe, expect, it } from 'vitest';
import type { TenantConfigs } from '../../config';
import { config, DOMAIN } from '../../routing/testing';
import { fixture } from '../testing/fixtures';
import { callRecordOf } from './cdr-intake';

const configs: Pick<TenantConfigs, 'byDomainName'> = {
  byDomainName: async (name) => (name === DOMAIN ? config : null),
};
const RECORDINGS = '/srv/tsunagu/recordings';

/** A recorded mod_json_cdr body with variables added, encoded as that recording encodes its values. */
function post(name: string, added: Record<string, string>, encoded = true): string {
  const body = JSON.parse(fixture(`json_cdr/${name}.body.json`).toString('utf8')) as {
    variables: Record<string, string>;
  };
  for (const [key, value] of Object.entries(added)) {
    body.variables[key] = encoded ? encodeURIComponent(value) : value;
  }
  return JSON.stringify(body);
}

const read = (body: string) =>
  callRecordOf(body, 'application/json', configs, { recordingsPath: RECORDINGS });

describe('absence mail facts from the call record', () => {
  it('voicemail: the address the dialplan set, the recorded length, the message as the console finds it', async () => {
    // An answered leg that was never bridged, as a call that went to voicemail is.
    const record = await read(
      post('cdr-encode-values-true-verto-inbound-call', {
        voicemail_email: 'office@example.jp',
        record_ms: '65480',
        record_seconds: '65',
      }),
    );
    const uuid = '790d182e-708a-4290-9d90-f2a180b46f4e';
    expect(record?.absence).toEqual({
      callId: uuid,
      voicemail: {
        email: 'office@example.jp',
        seconds: 65,
        recording: `${RECORDINGS}/voicemail/${DOMAIN}/${uuid}.wav`,
      },
    });
  });

  it('voicemail left before the beep: no length, and no message unless FS_RECORDINGS_PATH is known', async () => {
    const body = post('cdr-encode-values-true-verto-inbound-call', { voicemail_email: 'office@example.jp' });
    expect((await read(body))?.absence?.voicemail).toMatchObject({ seconds: 0 });
    expect((await callRecordOf(body, 'application/json', configs))?.absence?.voicemail?.recording).toBeNull();
  });

  it('a ring group call never bridged to anyone is missed, with the group’s name decoded', async () => {
    const ringGroup = {
      ring_group_missed_call_email: 'sales@example.jp',
      ring_group_name: '営業 第一',
      ring_group_number: '300',
    };
    for (const encoded of [true, false]) {
      const record = await read(post('cdr-encode-values-true-verto-no-route', ringGroup, encoded));
      expect(record?.absence).toEqual({
        callId: 'ba9e8159-e318-47d9-be15-9303198060c1',
        missedCall: { email: 'sales@example.jp', groupName: '営業 第一', groupNumber: '300' },
      });
    }
    // Bridged to a member (or to whoever the no-answer action reached): not missed.
    const bridged = await read(post('cdr-encode-values-true-user-bridge-user-a-leg', ringGroup));
    expect(bridged).not.toBeNull();
    expect(bridged?.absence).toBeUndefined();
    // The group's no-answer action was voicemail: that message's mail is the one sent.
    const voicemail = await read(
      post('cdr-encode-values-true-verto-no-route', { ...ringGroup, voicemail_email: 'office@example.jp' }),
    );
    expect(voicemail?.absence?.missedCall).toBeUndefined();
    expect(voicemail?.absence?.voicemail?.email).toBe('office@example.jp');
  });

  it('a leg without those variables carries no absence facts', async () => {
    const record = await read(fixture('json_cdr/cdr-encode-values-true-verto-no-route.body.json').toString());
    expect(record).not.toBeNull();
    expect(record).not.toHaveProperty('absence');
  });
});
