import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, generateExtensionPassword } from './secrets';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('s3cret-Pass');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed)).toBe('s3cret-Pass');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.seal('value');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('generates 16-character extension passwords without ambiguous characters', () => {
    const p = generateExtensionPassword();
    expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(generateExtensionPassword()).not.toBe(p);
  });
});
