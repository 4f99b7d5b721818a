import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-of-thirty-two-bytes!');
const claims = { sub: 'yamada', sid: '3f1c6a1e-0c4e-4a43-9d55-0a3b7e9d2f10' };

describe('createTokenSigner', () => {
  it('verifies its own tokens, again and again', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, or altered', async () => {
    const other = createTokenSigner(new TextEncoder().encode('another-secret-of-thirty-two-byte'));
    const signer = createTokenSigner(secret);
    const foreign = await other.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(foreign)).toBeNull();
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin', exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await signer.verify('not-a-token')).toBeNull();
  });

  it('refuses a token once it expired, also when it was verified before', async () => {
    let t = Date.parse('2026-11-21T09:00:00Z');
    const signer = createTokenSigner(secret, () => t);
    const token = await signer.sign(claims, new Date(t + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    t += 60_000;
    expect(await signer.verify(token)).toBeNull();
    expect(await createTokenSigner(secret, () => t).verify(token)).toBeNull();
  });
});
