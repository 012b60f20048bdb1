// A software WebAuthn authenticator for API tests: it makes the same attestation ("none") and assertion bytes a
// platform authenticator does (CBOR, authenticator data, ES256 signatures), and can be told to misbehave:
// skip user verification, sign with the wrong key, report an older counter, answer for another origin or rp.
import crypto from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest();

export interface Misbehaviour {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Sign with a key that is not the registered one. */
  wrongKey?: boolean;
  /** Report this counter instead of the next one. */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(32);
  readonly #keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  #counter = 0;
  #userHandle: Buffer | null = null;

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  #authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  #clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options (as the server sent them) like navigator.credentials.create. */
  create(options: { challenge: string; user: { id: string } }, misbehave: Misbehaviour = {}) {
    this.#userHandle = Buffer.from(options.user.id, 'base64url');
    const jwk = this.#keys.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    const flags = 0x41 | (misbehave.userVerified === false ? 0 : 0x04);
    const authData = this.#authData(misbehave.rpId ?? this.rpId, flags, 0, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: this.#clientData(
          'webauthn.create',
          options.challenge,
          misbehave.origin ?? this.origin,
        ).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** Answers authentication options like navigator.credentials.get. */
  get(options: { challenge: string }, misbehave: Misbehaviour = {}) {
    this.#counter += 1;
    const counter = misbehave.counter ?? this.#counter;
    const flags = 0x01 | (misbehave.userVerified === false ? 0 : 0x04);
    const authData = this.#authData(misbehave.rpId ?? this.rpId, flags, counter);
    const clientData = this.#clientData('webauthn.get', options.challenge, misbehave.origin ?? this.origin);
    const key = misbehave.wrongKey
      ? crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
      : this.#keys.privateKey;
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.#userHandle ? { userHandle: this.#userHandle.toString('base64url') } : {}),
      },
    };
  }
}
