/**
 * The two URLs FreeSWITCH calls: POST /fs/xml (mod_xml_curl) and POST /fs/cdr (mod_json_cdr).
 * A plugin of its own: its body parsers (form and JSON, both read as text) and its guard apply to
 * these routes only. Only listed addresses get in (403), and only with the shared secret (401).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FreeswitchSettings } from '../../../config';
import { CdrParseError } from '../cdr/json-cdr';
import type { FreeswitchEngine } from '../engine/freeswitch-engine';
import { createAllowList } from '../../../platform/http/allow-list';
import { carriesSecret } from './shared-secret';

export interface FreeswitchRoutesDeps {
  engine: Pick<FreeswitchEngine, 'xml' | 'receiveCdr'>;
  settings: Pick<FreeswitchSettings, 'xmlSecret' | 'xmlAllow'>;
}

/** A call record with many transfers runs to tens of kilobytes; a megabyte is ample. */
const BODY_LIMIT = 1024 * 1024;
const TEXT = 'text/plain; charset=utf-8';
/** The URLs only FreeSWITCH calls start with this (the console's browser hooks leave them alone). */
export const FREESWITCH_PREFIX = '/fs/';

/** Registers POST /fs/xml and POST /fs/cdr. */
export function freeswitchRoutes({ engine, settings }: FreeswitchRoutesDeps): FastifyPluginAsync {
  const allowed = createAllowList(settings.xmlAllow);
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'application/json'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.addHook('onRequest', async (request, reply) => {
      if (!allowed(request.ip)) {
        return reply.code(403).type(TEXT).send('このアドレスからの接続は許可されていません。');
      }
      if (!carriesSecret(request.headers.authorization, settings.xmlSecret)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="tsunagu-freeswitch"')
          .type(TEXT)
          .send('認証情報が正しくありません。');
      }
    });

    app.post(`${FREESWITCH_PREFIX}xml`, async (request, reply) => {
      const answer = await engine.xml.answer(typeof request.body === 'string' ? request.body : '');
      return reply.type('text/xml; charset=utf-8').send(answer);
    });

    app.post(`${FREESWITCH_PREFIX}cdr`, async (request, reply) => {
      try {
        await engine.receiveCdr(
          typeof request.body === 'string' ? request.body : '',
          request.headers['content-type'] ?? '',
        );
      } catch (error) {
        // Refused: mod_json_cdr retries a failed post, then keeps it in its error log directory.
        if (error instanceof CdrParseError)
          return reply.code(400).type(TEXT).send('通話記録を読み取れません。');
        throw error;
      }
      return reply.type(TEXT).send('OK');
    });
  };
}
