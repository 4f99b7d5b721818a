/**
 * mod_xml_curl's questions answered: users for the directory, what a dialled number does for the
 * dialplan, IVR menus for ivr.conf, "not found" for everything else. Every answer comes from the
 * routing model (telephony/routing) and is kept per tenant until the tenant's configuration changes.
 */
import { dialString } from '@tsunagu/contract';
import type { SecretBox } from '../../../platform/crypto/secrets';
import type { Db } from '../../../platform/db/client';
import type { TenantConfigs } from '../../config';
import type { ConfigKind } from '../../engine';
import { finalPlan, hangup, route, type RoutePlan, type TenantConfig } from '../../routing';
import { alwaysRecording } from '../dialplan/call-recording';
import { buildDialplanXml } from '../dialplan/dialplan-document';
import { buildIvrMenuXml, readIvrMenuName } from '../dialplan/ivr-menu';
import { isReusable, translatePlan } from '../dialplan/plan-translation';
import { action, plain, run, sequence } from '../dialplan/translation';
import type { XmlCurlConfigurationRequest, XmlCurlDialplanRequest, XmlCurlDirectoryRequest } from '../types';
import { buildDirectoryXml } from '../xml/directory';
import { parseXmlCurlRequest } from '../xml/request';
import { NOT_FOUND_XML } from '../xml/xml';
import { AnswerCache } from './answer-cache';
import { directoryUser } from './directory-user';
import { findDirectoryEntry, findTenantOfIncomingNumber, listRecordingFiles } from './xml-curl.repository';

export interface XmlAnswersDeps {
  db: Db;
  secrets: SecretBox;
  configs: TenantConfigs;
  /** Where FreeSWITCH finds the recordings: `<recordingsPath>/<domainUuid>/<stored name>`. */
  recordingsPath: string;
  /** The channel an extension is on now, for *33 monitoring. */
  monitorTarget(domainName: string, extension: string): string | null;
  /** The calling leg of the call ringing an extension now, for *8 pick-up. */
  pickupTarget(domainName: string, extension: string): string | null;
  /** Epoch ms; used when a request carries no Event-Date-Timestamp. */
  now?: () => number;
  /** Orders the random ring strategy. */
  random?: () => number;
}

export interface XmlAnswers {
  /** The answer to one mod_xml_curl POST body (form-encoded). */
  answer(form: string): Promise<string>;
  /** Forgets the tenant's answers; an incoming-number change also forgets which tenant owns a number. */
  flush(tenantUuid: string, kind?: ConfigKind): void;
}

/** The names the console's storage gives files (a box's greeting): nothing else reaches a path. */
const STORED_NAME = /^[0-9a-f-]{36}\.(wav|mp3)$/;

/** Incoming numbers remembered (with their tenant, or as unknown) between destination changes. */
const MAX_INCOMING_NUMBERS = 50_000;

export function createXmlAnswers(deps: XmlAnswersDeps): XmlAnswers {
  const { db, configs } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  // Users and routes are kept apart, so a burst of calls never pushes out the users every REGISTER
  // refresh asks for.
  const users = new AnswerCache<string>(20_000);
  const routes = new AnswerCache<string>(10_000);
  const recordingFiles = new Map<string, Promise<Map<string, string>>>();
  const incomingTenants = new Map<string, string | null>();

  /** Plays a tenant recording by the file name settings use; null when the tenant has no such file. */
  async function mediaOf(tenantUuid: string): Promise<(file: string) => string | null> {
    let files = recordingFiles.get(tenantUuid);
    if (!files) {
      files = listRecordingFiles(db, tenantUuid);
      recordingFiles.set(tenantUuid, files);
      files.catch(() => recordingFiles.delete(tenantUuid));
    }
    const byName = await files;
    return (file) => {
      const stored = byName.get(file);
      return stored ? `${deps.recordingsPath}/${tenantUuid}/${stored}` : null;
    };
  }

  /** Looks an answer up, or builds and keeps it (unless the tenant changed meanwhile, or it must not be kept). */
  async function cached(
    answers: AnswerCache<string>,
    tenantUuid: string,
    key: string,
    build: () => Promise<{ xml: string; reusable: boolean }>,
  ): Promise<string> {
    const hit = answers.get(tenantUuid, key);
    if (hit !== undefined) return hit;
    const generation = answers.generation(tenantUuid);
    const { xml, reusable } = await build();
    if (reusable) answers.set(tenantUuid, key, xml, generation);
    return xml;
  }

  async function directory(request: XmlCurlDirectoryRequest): Promise<string> {
    // Start-up scans (gateways, network lists) and domain-only lookups are FreeSWITCH's own business.
    const { user, domain } = request;
    if (request.purpose || !user || !domain) return NOT_FOUND_XML;
    const tenantUuid = await configs.tenantUuidOf(domain);
    if (!tenantUuid) return NOT_FOUND_XML;
    // One answer serves REGISTER digests, verto logins, user/ dialling and plain lookups alike.
    return cached(users, tenantUuid, user, async () => {
      const entry = await findDirectoryEntry(db, tenantUuid, user);
      if (!entry?.enabled || !entry.tenantEnabled) return { xml: NOT_FOUND_XML, reusable: true };
      let password: string;
      try {
        password = deps.secrets.open(entry.passwordEnc);
      } catch {
        // A password sealed with another key cannot be checked: the user cannot sign in.
        return { xml: NOT_FOUND_XML, reusable: true };
      }
      return {
        xml: buildDirectoryXml(domain, directoryUser(entry, password, domain, tenantUuid)),
        reusable: true,
      };
    });
  }

  /** The instant FreeSWITCH asked at, which business hours are read at. */
  const instantOf = (request: XmlCurlDialplanRequest) => request.instant ?? now();

  /** The dialplan document for a plan, with the tenant named on the channel for records and listings. */
  async function dialplanXml(
    config: TenantConfig,
    request: XmlCurlDialplanRequest,
    context: 'internal' | 'public',
    plan: RoutePlan,
  ): Promise<string> {
    const { domainName, tenantUuid } = config;
    const media = await mediaOf(tenantUuid);
    const translation = sequence(
      run(
        action('set', `domain_name=${plain(domainName)}`),
        action('set', `domain_uuid=${tenantUuid}`),
        action('set', `call_direction=${context === 'public' ? 'inbound' : 'local'}`),
      ),
      alwaysRecording(config, finalPlan(plan).kind, deps.recordingsPath),
      translatePlan(plan, {
        domainName,
        context,
        media,
        monitorTarget: (extension) => deps.monitorTarget(domainName, extension),
        pickupTarget: (extension) => deps.pickupTarget(domainName, extension),
        storedFile: (storageName) =>
          STORED_NAME.test(storageName) ? `${deps.recordingsPath}/${tenantUuid}/${storageName}` : null,
      }),
    );
    return buildDialplanXml(request.context, request.destinationNumber, finalPlan(plan).kind, translation);
  }

  async function incomingTenant(number: string): Promise<string | null> {
    if (incomingTenants.has(number)) return incomingTenants.get(number) ?? null;
    const tenantUuid = await findTenantOfIncomingNumber(db, number);
    if (incomingTenants.size >= MAX_INCOMING_NUMBERS) incomingTenants.clear();
    incomingTenants.set(number, tenantUuid);
    return tenantUuid;
  }

  /**
   * An outside call: the number's tenant decides, at the request's instant (never kept, since the
   * hour matters). Even an unknown number gets an explicit refusal: "not found" would let FreeSWITCH
   * fall back to its own static public context.
   */
  /** An explicit hangup: the number is unknown or its tenant is disabled. */
  function refusalXml(request: XmlCurlDialplanRequest): string {
    const refusal = translatePlan(hangup('unknown-number'), {
      domainName: '',
      context: request.context === 'public' ? 'public' : 'internal',
      media: () => null,
      monitorTarget: () => null,
      pickupTarget: () => null,
    });
    return buildDialplanXml(request.context, request.destinationNumber, 'hangup', refusal);
  }

  async function publicDialplan(request: XmlCurlDialplanRequest): Promise<string> {
    const number = dialString(request.destinationNumber);
    const tenantUuid = number ? await incomingTenant(number) : null;
    const config = tenantUuid ? await configs.byTenant(tenantUuid) : null;
    if (!config) return refusalXml(request);
    const plan = route(config, {
      dialled: request.destinationNumber,
      caller: request.callerIdNumber,
      instant: instantOf(request),
      context: 'public',
      random,
    });
    return dialplanXml(config, request, 'public', plan);
  }

  async function dialplan(request: XmlCurlDialplanRequest): Promise<string> {
    if (request.context === 'public') return publicDialplan(request);
    const config = await configs.byDomainName(request.context);
    // A known tenant without a snapshot is disabled: its calls are refused outright ("not found" would
    // let FreeSWITCH fall back to its static dialplan).
    if (!config) return (await configs.tenantUuidOf(request.context)) ? refusalXml(request) : NOT_FOUND_XML;
    const caller = internalCaller(request);
    return cached(routes, config.tenantUuid, `dialplan:${request.destinationNumber}|${caller}`, async () => {
      const plan = route(config, {
        dialled: request.destinationNumber,
        caller,
        instant: instantOf(request),
        context: 'internal',
        random,
      });
      return { xml: await dialplanXml(config, request, 'internal', plan), reusable: isReusable(plan) };
    });
  }

  async function configuration(request: XmlCurlConfigurationRequest): Promise<string> {
    const menu = request.name === 'ivr.conf' && request.menuName ? readIvrMenuName(request.menuName) : null;
    const config = menu ? await configs.byDomainName(menu.domainName) : null;
    if (!menu || !config) return NOT_FOUND_XML;
    const { domainName, tenantUuid } = config;
    return cached(routes, tenantUuid, `ivr:${menu.number}`, async () => {
      const entry = config.ivrMenus.get(menu.number);
      if (!entry?.enabled) return { xml: NOT_FOUND_XML, reusable: true };
      return { xml: buildIvrMenuXml(entry.plan, domainName, await mediaOf(tenantUuid)), reusable: true };
    });
  }

  return {
    answer(form) {
      const request = parseXmlCurlRequest(form);
      switch (request.section) {
        case 'directory':
          return directory(request);
        case 'dialplan':
          return dialplan(request);
        case 'configuration':
          return configuration(request);
        default:
          return Promise.resolve(NOT_FOUND_XML);
      }
    },
    flush(tenantUuid, kind) {
      users.flush(tenantUuid);
      routes.flush(tenantUuid);
      recordingFiles.delete(tenantUuid);
      if (kind === undefined || kind === 'destination') incomingTenants.clear();
    },
  };
}

/**
 * Who is calling, for routing inside the tenant: the extension whose phone placed the call. A
 * click-to-call leg was placed by FreeSWITCH towards the user's phone (its caller id is the number
 * to call), so the user it rang is the caller; a signed-in phone carries its user name.
 */
export function internalCaller(request: XmlCurlDialplanRequest): string {
  const dialedUser = request.field('variable_dialed_user');
  if (request.field('variable_click_to_call') === 'true' && dialedUser) return dialedUser;
  return request.field('variable_user_name') ?? request.callerIdNumber;
}
