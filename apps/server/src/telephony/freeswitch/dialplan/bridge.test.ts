import { describe, expect, it } from 'vitest';
import type { RingTarget } from '../../routing';
import { bridgeTargets } from './bridge';

const target = (name: string): RingTarget => ({
  extension: '1003',
  extensionUuid: '00000000-0000-4000-8000-000000001003',
  name,
  webPhones: false,
  ringSeconds: 20,
});

describe('bridge strings', () => {
  it('name the callee from the directory, so an answering desk phone is not shown as "Outbound Call"', () => {
    expect(bridgeTargets([target('田中 一郎')], false, 'demo.example')).toBe(
      '[leg_timeout=20,presence_id=1003@demo.example,origination_callee_id_name=田中 一郎,' +
        'origination_callee_id_number=1003]${sofia_contact(*/1003@demo.example)}',
    );
  });

  it('keep a name from breaking out of its leg variable or running an API call', () => {
    const bridge = bridgeTargets([target('a,b]|c${uuid_kill x}{d}\'e"^f')], false, 'demo.example');
    const vars = /^\[([^\]]*)\]/.exec(bridge)?.[1] ?? '';
    expect(vars.split(',')).toEqual([
      'leg_timeout=20',
      'presence_id=1003@demo.example',
      'origination_callee_id_name=a b  cuuid_kill xd e  f',
      'origination_callee_id_number=1003',
    ]);
    expect(vars).not.toContain('$');
  });

  it('leave the name out when nothing printable is left', () => {
    expect(bridgeTargets([target('${}')], false, 'demo.example')).toMatch(
      /^\[leg_timeout=20,presence_id=1003@demo\.example,origination_callee_id_number=1003\]/,
    );
  });
});
