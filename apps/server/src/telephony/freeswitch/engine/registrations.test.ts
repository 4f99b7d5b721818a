import { describe, expect, it } from 'vitest';
import type { EngineEvents } from '../../engine';
import type { RegistrationEvent } from '../types';
import { Registrations } from './registrations';

const event = (registered: boolean, via: 'sip' | 'verto' = 'sip', contactId = 'c1'): RegistrationEvent => ({
  kind: 'registration',
  extension: '1001',
  domain: 'tenant-a.example',
  registered,
  via,
  contactId,
});

function tracker() {
  const announced: EngineEvents['registration'][] = [];
  const checks: ((remaining: boolean) => void)[] = [];
  const registrations = new Registrations({
    stillSignedIn: () => new Promise((resolve) => checks.push(resolve)),
    announce: (r) => announced.push(r),
    onError: (error) => {
      throw error;
    },
  });
  return { registrations, announced, checks };
}

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
