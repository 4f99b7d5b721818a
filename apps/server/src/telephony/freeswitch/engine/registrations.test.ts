import { describe, expect, it } from 'vitest';
import type { EngineEvents } from '../../engine';
import type { RegistrationEvent } from '../types';
import { Registrations } from './registrations';

const event = (
  registered: boolean,
  via: 'sip' | 'verto' = 'sip',
  contactId = 'c1',
  extension = '1001',
): RegistrationEvent => ({
  kind: 'registration',
  extension,
  domain: 'tenant-a.example',
  registered,
  via,
  contactId,
});

function tracker() {
  const announced: EngineEvents['registration'][] = [];
  const checks: ((remaining: boolean) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const errors: unknown[] = [];
  const registrations = new Registrations({
    stillSignedIn: () =>
      new Promise((resolve, reject) => {
        checks.push(resolve);
        failures.push(reject);
      }),
    announce: (r) => announced.push(r),
    onError: (error) => errors.push(error),
  });
  return { registrations, announced, checks, failures, errors };
}

const DOMAIN = 'tenant-a.example';
const listed = (...extensions: string[]) => extensions.map((extension) => ({ extension, domain: DOMAIN }));
const signed = (extension: string, registered: boolean, kind: 'sip' | 'verto' = 'sip') => ({
  domainName: DOMAIN,
  extension,
  registered,
  kind,
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Registrations', () => {
  it('announces a sign-in once, however often the phone re-registers', () => {
    const { registrations, announced } = tracker();
    registrations.handle(event(true));
    registrations.handle(event(true, 'sip', 'c2'));
    registrations.handle(event(true));
    expect(announced).toEqual([
      { domainName: 'tenant-a.example', extension: '1001', registered: true, kind: 'sip' },
    ]);
  });

  it('announces a sign-out only when FreeSWITCH has no other device of that kind', async () => {
    const { registrations, announced, checks } = tracker();
    registrations.handle(event(true));
    registrations.handle(event(false));
    checks.shift()?.(true);
    await settle();
    expect(announced).toHaveLength(1);
    registrations.handle(event(false));
    checks.shift()?.(false);
    await settle();
    expect(announced.map((r) => r.registered)).toEqual([true, false]);
  });

  it('ignores a check overtaken by a newer sign-in', async () => {
    const { registrations, announced, checks } = tracker();
    registrations.handle(event(true));
    registrations.handle(event(false));
    registrations.handle(event(true));
    checks.shift()?.(false);
    await settle();
    expect(announced.map((r) => r.registered)).toEqual([true]);
  });

  it('keeps desk phones and browsers apart', () => {
    const { registrations, announced } = tracker();
    registrations.handle(event(true, 'sip'));
    registrations.handle(event(true, 'verto'));
    expect(announced.map((r) => r.kind)).toEqual(['sip', 'verto']);
  });
});

describe('Registrations: a listing replaces one kind', () => {
  it('signs in whoever is listed, once, and nobody twice', () => {
    const { registrations, announced } = tracker();
    registrations.handle(event(true, 'sip', 'c1', '1001'));
    registrations.replace('sip', [...listed('1001', '1002'), ...listed('1002')]);
    expect(announced).toEqual([signed('1001', true), signed('1002', true)]);
  });

  it('signs out whoever was signed in but is not listed', () => {
    const { registrations, announced } = tracker();
    registrations.handle(event(true, 'sip', 'c1', '1001'));
    registrations.handle(event(true, 'sip', 'c2', '1002'));
    registrations.replace('sip', listed('1002'));
    expect(announced.slice(2)).toEqual([signed('1001', false)]);
    registrations.replace('sip', []);
    expect(announced.slice(3)).toEqual([signed('1002', false)]);
    registrations.replace('sip', []);
    expect(announced).toHaveLength(4);
  });

  it('settles an extension whose state was unknown (a failed check), listed or not', async () => {
    const { registrations, announced, failures, errors } = tracker();
    registrations.handle(event(true, 'sip', 'c1', '1001'));
    registrations.handle(event(true, 'sip', 'c2', '1002'));
    registrations.handle(event(false, 'sip', 'c1', '1001'));
    registrations.handle(event(false, 'sip', 'c2', '1002'));
    for (const fail of failures.splice(0)) fail(new Error('connection lost'));
    await settle();
    expect(errors).toHaveLength(2);
    registrations.replace('sip', listed('1002'));
    // 1002 was announced signed in before; not knowing since, the listing announces it again.
    expect(announced.slice(2)).toEqual([signed('1001', false), signed('1002', true)]);
  });

  it('supersedes a sign-out check under way: its answer cannot undo the listing', async () => {
    const { registrations, announced, checks, failures, errors } = tracker();
    registrations.handle(event(true));
    registrations.handle(event(false));
    registrations.handle(event(false));
    registrations.replace('sip', listed('1001'));
    checks.shift()?.(false);
    failures[1]?.(new Error('timeout'));
    await settle();
    expect(announced).toEqual([signed('1001', true)]);
    // A failed check no longer makes the listed state unknown: the next listing changes nothing.
    expect(errors).toHaveLength(1);
    registrations.replace('sip', listed('1001'));
    expect(announced).toHaveLength(1);
  });

  it('leaves the other kind as it is', () => {
    const { registrations, announced } = tracker();
    registrations.handle(event(true, 'verto', 'c1', '1001'));
    registrations.handle(event(true, 'sip', 'c2', '1002'));
    registrations.replace('sip', []);
    registrations.replace('verto', listed('1001', '1003'));
    expect(announced).toEqual([
      signed('1001', true, 'verto'),
      signed('1002', true),
      signed('1002', false),
      signed('1003', true, 'verto'),
    ]);
  });

  it('keeps following events after a listing', async () => {
    const { registrations, announced, checks } = tracker();
    registrations.replace('sip', listed('1001'));
    registrations.handle(event(false));
    checks.shift()?.(false);
    await settle();
    registrations.handle(event(true));
    expect(announced).toEqual([signed('1001', true), signed('1001', false), signed('1001', true)]);
  });
});
