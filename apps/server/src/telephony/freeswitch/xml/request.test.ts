import { describe, expect, it } from 'vitest';
import { fixture, fixtureNames, fixtureText, recordedHttp } from '../testing/fixtures';
import { parseXmlCurlRequest } from './request';

const curatedBody = (name: string) => parseXmlCurlRequest(fixtureText(`xml_curl/${name}.request-body.form`));

describe('parseXmlCurlRequest on the curated requests', () => {
  it.each(fixtureNames('xml_curl', '.request-body.form'))('reads %s as the section its name says', (file) => {
    const request = parseXmlCurlRequest(fixtureText(`xml_curl/${file}`));
    const section = /^\d+-(?:startup-)?(configuration|directory|dialplan)/.exec(file)?.[1];
    expect(request.section).toBe(section);
    expect(request.hostname).toBe('vm');
  });

  it('reads a SIP REGISTER authentication', () => {
    expect(curatedBody('10-directory-sip_auth-REGISTER-1001')).toMatchObject({
      section: 'directory',
      action: 'sip_auth',
      purpose: null,
      user: '1001',
      domain: 'tenant-a.example',
      sipProfile: 'internal',
      sipAuth: { username: '1001', realm: 'tenant-a.example', method: 'REGISTER' },
    });
  });

  it('reads a verto login, which carries no password', () => {
    const request = curatedBody('14-directory-jsonrpc-authenticate-verto-login-ok');
    expect(request).toMatchObject({
      section: 'directory',
      action: 'jsonrpc-authenticate',
      user: '1001',
      sipAuth: null,
    });
    expect(Object.keys(request.params()).some((k) => /pass/i.test(k))).toBe(false);
  });

  it("reads a user/ lookup for a call, carrying the originate's variables", () => {
    const request = curatedBody('15-directory-user_call-1001-click-to-call');
    expect(request).toMatchObject({
      section: 'directory',
      action: 'user_call',
      user: '1001',
      domain: 'tenant-a.example',
    });
    expect(request.params()).toMatchObject({
      as_channel: 'true',
      click_to_call: 'true',
      origination_caller_id_name: 'Click To Call',
      origination_caller_id_number: '5551234',
    });
    expect(curatedBody('16-directory-user_call-1099-unknown-user-notfound')).toMatchObject({ user: '1099' });
    expect(curatedBody('17-directory-plain-user-lookup-during-verto-invite')).toMatchObject({
      action: null,
      user: '1001',
    });
  });

  it('reads the start-up directory scans', () => {
    expect(curatedBody('03-startup-directory-purpose-gateways-notfound')).toMatchObject({
      purpose: 'gateways',
      domain: null,
      user: null,
      sipProfile: 'internal',
    });
    expect(curatedBody('04-startup-directory-purpose-network-list-notfound')).toMatchObject({
      purpose: 'network-list',
      domain: '127.0.0.1',
    });
  });

  it('reads a dialplan request with its context, caller and channel variables', () => {
    const parked = curatedBody('20-dialplan-loopback-5901-valet-park');
    expect(parked).toMatchObject({
      section: 'dialplan',
      context: 'tenant-a.example',
      destinationNumber: '5901',
      callerIdNumber: '1002',
      callerIdName: 'Bob Example',
      uuid: '12fd1824-4605-4269-b877-dd38590aad63',
      channelName: 'loopback/5901-b',
      direction: 'inbound',
    });
    const transferred = curatedBody('21-dialplan-sofia-leg-transfer-to-9196-click-to-call');
    expect(transferred).toMatchObject({
      context: 'tenant-a.example',
      destinationNumber: '9196',
      direction: 'outbound',
    });
    const noRoute = curatedBody('23-dialplan-verto-invite-0000-no-route');
    expect(noRoute).toMatchObject({ destinationNumber: '0000', channelName: 'verto.rtc/0000' });
    // Channel variables are fields named variable_<name>.
    expect(parked.field('variable_loopback_leg')).toBe('B');
    expect(parked.field('variable_origination_caller_id_name')).toBe('Bob Example');
    expect(transferred.field('variable_click_to_call')).toBe('true');
    expect(noRoute.field('variable_verto_user')).toBe('1001@tenant-a.example');
  });

  it('reads a configuration request, with the IVR menu asked for', () => {
    expect(curatedBody('30-configuration-ivr.conf-menu-tenant_a_main')).toMatchObject({
      section: 'configuration',
      name: 'ivr.conf',
      menuName: 'tenant_a_main',
    });
    expect(curatedBody('01-startup-configuration-json_cdr.conf-notfound')).toMatchObject({
      name: 'json_cdr.conf',
      menuName: null,
    });
  });
});

describe('parseXmlCurlRequest on every recorded request', () => {
  const files = fixtureNames('http-raw', '.http').filter((f) => !f.endsWith('-cdr.http'));

  it('has recorded requests to read', () => {
    expect(files).toHaveLength(54);
  });

  // File names say what the request was: configuration-<file>, dialplan-<context>-<number>,
  // directory-<action or purpose>-<user>@<domain>.
  it.each(files)('%s', (file) => {
    const { requestLine, body } = recordedHttp(fixture(`http-raw/${file}`));
    expect(requestLine).toBe('POST /fs HTTP/1.1');
    const request = parseXmlCurlRequest(body.toString('utf8'));
    const label = file.replace(/^\d+-/, '').replace(/(-notfound)?\.http$/, '');
    const [, kind = '', rest = ''] = /^([a-z]+)-(.*)$/.exec(label) ?? [];
    if (kind === 'configuration') {
      expect(request).toMatchObject({ section: 'configuration', name: rest });
    } else if (kind === 'dialplan') {
      const [, context, number] = /^(.*)-([^-]+)$/.exec(rest) ?? [];
      expect(request).toMatchObject({ section: 'dialplan', context, destinationNumber: number });
    } else {
      const [, what, user, domain] = /^(.*)-([^-@]+)@(.*)$/.exec(rest) ?? [];
      expect(request.section).toBe('directory');
      if (request.section !== 'directory') return;
      if (what === 'gateways' || what === 'network-list') expect(request.purpose).toBe(what);
      else {
        expect(request.action).toBe(what === 'lookup' ? null : what);
        expect([request.user, request.domain]).toEqual([user, domain]);
      }
    }
    // A field read straight from the body is what the full decoding of the form says it is.
    for (const [name, value] of Object.entries(request.params())) {
      if (/^[\w-]+$/.test(name)) expect(request.field(name)).toBe(value === '' ? null : value);
    }
  });
});

describe('parseXmlCurlRequest edge cases', () => {
  it('decodes %2B as a plus sign and keeps the first of a repeated field', () => {
    const request = parseXmlCurlRequest(
      'section=dialplan&Caller-Context=public&Caller-Destination-Number=%2B81312345678&Caller-Context=other',
    );
    expect(request).toMatchObject({
      section: 'dialplan',
      context: 'public',
      destinationNumber: '+81312345678',
    });
  });

  it('finds a field only under its whole name, not inside another name or an encoded value', () => {
    const request = parseXmlCurlRequest(
      'section=directory&sip_auth_user=9&x=%26user%3D8&user=1001&domain=a.example',
    );
    expect(request).toMatchObject({ section: 'directory', user: '1001', domain: 'a.example' });
    expect(parseXmlCurlRequest('user=1002&section=directory')).toMatchObject({ user: '1002' });
    expect(request.field('absent')).toBeNull();
  });

  it('answers sections it does not know as "other"', () => {
    expect(parseXmlCurlRequest('section=phrases&hostname=vm')).toMatchObject({
      section: 'other',
      sectionName: 'phrases',
    });
    expect(parseXmlCurlRequest('')).toMatchObject({ section: 'other', sectionName: '', hostname: null });
  });
});
