import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_RINGTONE,
  RINGTONES,
  getRingSettings,
  isValidRingVolume,
  ringtoneUrl,
  saveRingSettings,
} from './ring-settings';

const PUBLIC = resolve(import.meta.dirname, '../../../public');

afterEach(() => {
  saveRingSettings({ ringSound: DEFAULT_RINGTONE, ringSoundVolume: 100 });
  localStorage.clear();
});

describe('ring settings', () => {
  it('serves every ringtone of spec 9 as a WAV file that ships with the app; none is silent', () => {
    for (const ringtone of RINGTONES.filter((r) => r !== 'none')) {
      const url = ringtoneUrl(ringtone);
      expect(url).toMatch(/^\/sounds\/ring-(bell[1-3]|song[1-6])\.wav$/);
      expect(existsSync(resolve(PUBLIC, `.${url}`))).toBe(true);
    }
    expect(ringtoneUrl('ring-bell1.mp3')).toBe('/sounds/ring-bell1.wav');
    expect(ringtoneUrl('none')).toBeNull();
  });

  it('accepts whole volumes from 10 to 100 only', () => {
    expect([10, 55, 100].every(isValidRingVolume)).toBe(true);
    expect([9, 101, 50.5, NaN, null, undefined].some(isValidRingVolume)).toBe(false);
  });

  it('keeps the settings on the device under the spec names, defaulting to ringtone 1 at 100 %', () => {
    expect(getRingSettings()).toEqual({ ringSound: 'ring-bell1.mp3', ringSoundVolume: 100 });
    saveRingSettings({ ringSound: 'none', ringSoundVolume: 30 });
    expect(localStorage.getItem('ringSound')).toBe('none');
    expect(localStorage.getItem('ringSoundVolume')).toBe('30');
    expect(getRingSettings()).toEqual({ ringSound: 'none', ringSoundVolume: 30 });
  });
});
