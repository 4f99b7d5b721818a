/**
 * Call recording on FreeSWITCH through the service: a tenant recording every call gets record_session in
 * its dialplan before the bridge, once per channel, and none for an IVR or when it records on demand.
 */
import type { CallRecordingSetting } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyEngine } from '../../telephony/engine';
import { executed } from '../../telephony/freeswitch/testing/dialplan-reading';
import {
  recordedForm,
  startXmlExchange,
  type XmlExchange,
} from '../../telephony/freeswitch/testing/xml-exchange';
import { actorOf, buildRecordedTenant, type RecordedTenant } from '../../testing/recorded-tenant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCallRecordingService } from './call-recording.service';

type Tenant = RecordedTenant['tenant'];
type User = RecordedTenant['users']['1000'];

describe('call recording in the FreeSWITCH dialplan', () => {
  let t: TestApp;
  let exchange: XmlExchange;
  let engine: TelephonyEngine;
  let recorded: RecordedTenant;
  beforeAll(async () => {
    t = await createTestApp();
    recorded = await buildRecordedTenant(t);
    exchange = await startXmlExchange(t);
    engine = exchange.engine;
    // Another tenant records every call: the recorded tenant's calls are not recorded for that.
    const other = await t.build.tenant();
    await saveAs(await t.build.user(other, { userClass: 'CP' }), other, 'always');
  });
  afterAll(async () => {
    await exchange.close();
    await t.close();
    expect(exchange.errors).toEqual([]);
  });

  /** The recorded verto invite, as extension 1000 dialling `number`; what the answer makes FreeSWITCH run. */
  const dial = async (number: string, recordingAlready = false) => {
    const form = recordedForm('22-dialplan-verto-invite-9196', {
      'Caller-Destination-Number': number,
      'Caller-Caller-ID-Number': '1000',
      variable_user_name: '1000',
    });
    const expand = (field: string) => (recordingAlready && field === '${tsunagu_recording}' ? 'true' : '');
    return executed((await exchange.post(form)).body, number, expand);
  };
  const saveAs = async (user: User, tenant: Tenant, mode: CallRecordingSetting['mode']) => {
    const service = createCallRecordingService({ db: t.database.db, engine, dataDir: t.config.dataDir });
    await service.saveSetting(actorOf(user, tenant), tenant.domainUuid, { mode, retentionDays: 30 });
    return tenant.domainUuid;
  };
  /** The recorded tenant's administrator (on extension 1000) sets the tenant's recording. */
  const save = (mode: CallRecordingSetting['mode']) => saveAs(recorded.users['1000'], recorded.tenant, mode);

  it('runs record_session into the tenant’s storage before the bridge when the tenant records always', async () => {
    expect((await dial('1002')).map(([app]) => app)).not.toContain('record_session');
    const tenantUuid = await save('always');
    const apps = await dial('1002');
    const at = apps.findIndex(([app]) => app === 'record_session');
    expect(apps.slice(at - 3, at + 1)).toEqual([
      ['set', 'tsunagu_recording=true'],
      ['set', 'media_bug_answer_req=true'],
      ['set', 'RECORD_MIN_SEC=0'],
      ['record_session', `${exchange.settings.recordingsPath}/${tenantUuid}/calls/\${uuid}.wav`],
    ]);
    expect(apps.findIndex(([app]) => app === 'bridge')).toBeGreaterThan(at);
    // A transferred channel routed again keeps its one recording; an IVR is no call with a person.
    expect((await dial('1002', true)).map(([app]) => app)).not.toContain('record_session');
    expect((await dial('5000')).map(([app]) => app)).not.toContain('record_session');

    await save('onDemand');
    expect((await dial('1002')).map(([app]) => app)).not.toContain('record_session');
  });
});
