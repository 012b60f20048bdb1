// A member's synced vault made through the API as a publishing device makes it, for the benchmarks: its header at
// version 1 signed with a new signing key (ECDSA P-256), and one device registered with its proof.
import crypto from 'node:crypto';

const id = () => crypto.randomBytes(16).toString('hex');
const digest = () => crypto.randomBytes(32).toString('base64');

/**
 * Publishes a vault for the member whose browser sends `cookie` and registers a device of theirs; gives the device's
 * id. Throws with the server's answer when either is refused.
 * @param {string} base the server's address @param {string} cookie
 */
export async function publishSyncedVault(base, cookie) {
  const vault = id();
  const device = id();
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sign = (/** @type {unknown[]} */ statement) =>
    crypto
      .sign('sha256', Buffer.from(JSON.stringify(statement)), { key: privateKey, dsaEncoding: 'ieee-p1363' })
      .toString('base64');
  const header = {
    v: 1,
    kdf: 'PBKDF2-SHA256',
    iterations: 600_000,
    salt: crypto.randomBytes(16).toString('base64'),
    wrapIv: crypto.randomBytes(12).toString('base64'),
    wrappedKey: crypto.randomBytes(48).toString('base64'),
  };
  const put = async (/** @type {string} */ path, /** @type {unknown} */ body) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
  };
  await put('/api/sync/vault', {
    id: vault,
    header,
    headerMac: digest(),
    version: 1,
    proof: sign(['mygenie/sync-header/v1', vault, 1, ...Object.values(header)]),
    signing: {
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      sealedKey: crypto.randomBytes(180).toString('base64'),
    },
  });
  await put(`/api/sync/devices/${device}`, {
    name: 'Bench',
    proof: sign(['mygenie/sync-device/v1', vault, device]),
  });
  return { vault, device };
}
