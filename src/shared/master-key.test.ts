import { describe, expect, it } from 'vitest';
import { checkMasterKey, createMasterKeyVerifier, parseMasterKeyVerifier } from './master-key.js';

describe('master-key verifier', () => {
  it('accepts the master key it was made from and refuses any other', async () => {
    const verifier = await createMasterKeyVerifier('Correct-Horse-9-Battery!');
    expect(verifier.iterations).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(verifier)).not.toContain('Correct-Horse');
    const stored = parseMasterKeyVerifier(JSON.stringify(verifier));
    expect(await checkMasterKey('Correct-Horse-9-Battery!', stored)).toBe('ok');
    expect(await checkMasterKey('correct-horse-9-battery!', stored)).toBe('incorrect');
  });

  it('reports a device without a verifier, or with a damaged or weakened one, as not set', async () => {
    expect(await checkMasterKey('anything', parseMasterKeyVerifier(null))).toBe('not-set');
    expect(parseMasterKeyVerifier('{not json')).toBeNull();
    const weak = { ...(await createMasterKeyVerifier('x')), iterations: 1000 };
    expect(parseMasterKeyVerifier(JSON.stringify(weak))).toBeNull();
  });
});
