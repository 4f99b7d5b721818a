/**
 * For tests of what FreeSWITCH is told: the FreeSWITCH engine on a test app's database, its Event Socket
 * played by a fake, and its /fs routes asked as mod_xml_curl asks them (the recorded requests).
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import type { FreeswitchSettings } from '../../../config';
import { createSecretBox } from '../../../platform/crypto/secrets';
import { RECORDED_DOMAIN } from '../../../testing/recorded-tenant';
import type { TestApp } from '../../../testing/test-app';
import { createFreeswitchEngine, type FreeswitchEngine } from '../engine/freeswitch-engine';
import { freeswitchRoutes } from '../http/freeswitch-routes';
import { answerCommands, fakeEsl, idleFreeswitch } from './fake-esl';
import { fixtureText } from './fixtures';

export const XML_SECRET = 'xml-secret-for-tests-0123';

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export interface XmlExchange {
  engine: FreeswitchEngine;
  settings: FreeswitchSettings;
  /** Failures the engine reported in the background; a test ends with none. */
  errors: unknown[];
  /** Posts a form to /fs/xml (or `url`) as FreeSWITCH does: its shared secret, from an allowed address. */
  post(
    body: string,
    options?: { url?: string; auth?: string | null; address?: string; type?: string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A recorded mod_xml_curl body, asked about RECORDED_DOMAIN (it was recorded for 'tenant-a.example'), with
 * some fields replaced.
 */
export function recordedForm(name: string, replacements: Record<string, string> = {}): string {
  let body = fixtureText(`xml_curl/${name}.request-body.form`).replaceAll(
    'tenant-a.example',
    RECORDED_DOMAIN,
  );
  for (const [field, value] of Object.entries(replacements)) {
    body = body.replace(new RegExp(`(^|&)${field}=[^&]*`), `$1${field}=${encodeURIComponent(value)}`);
  }
  return body;
}

export async function startXmlExchange(t: TestApp): Promise<XmlExchange> {
  const fs = await fakeEsl();
  const errors: unknown[] = [];
  const settings: FreeswitchSettings = {
    esl: { host: '127.0.0.1', port: fs.port, password: 'ClueCon' },
    xmlSecret: XML_SECRET,
    xmlAllow: ['127.0.0.1', '10.1.0.0/16'],
    vertoUrl: 'wss://fs.example.jp:8082',
    recordingsPath: '/srv/tsunagu/recordings',
  };
  const engine = createFreeswitchEngine({
    db: t.database.db,
    secrets: createSecretBox(t.config.secretKey),
    settings,
    onError: (error) => errors.push(error),
  });
  const peer = await fs.nextPeer();
  await peer.accept();
  answerCommands(peer, idleFreeswitch);
  const app: FastifyInstance = Fastify();
  await app.register(freeswitchRoutes({ engine, settings }));
  return {
    engine,
    settings,
    errors,
    post(body, options = {}) {
      const { url = '/fs/xml', auth = basicAuth('freeswitch', XML_SECRET), address = '127.0.0.1' } = options;
      return app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: {
          'content-type': options.type ?? 'application/x-www-form-urlencoded',
          ...(auth ? { authorization: auth } : {}),
        },
        payload: body,
      });
    },
    async close() {
      await app.close();
      await engine.close();
      await fs.close();
    },
  };
}
