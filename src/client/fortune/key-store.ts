// Where the fortune's private values rest on this device (the member's AI key, their birth date and time):
// never in plain text. Each is sealed with AES-GCM under a device key that WebCrypto makes non-extractable and
// keeps in IndexedDB (a script can use it, but no one can read it out); only the sealed form goes to
// localStorage. The value's purpose is bound in as additional data, so a sealed AI key never opens as a birth
// date. A device key that is gone or a sealed value that does not open reads as "nothing stored" — the member
// enters it again — never as an error or a wrong value.
// The places are parameters so the same code runs in tests (Node's WebCrypto, memory) and in the browser.

export interface DeviceKeyPlace {
  load(): Promise<CryptoKey | null>;
  save(key: CryptoKey): Promise<void>;
}

export interface SealedPlace {
  read(): string | null;
  write(value: string): void;
  remove(): void;
}

export interface SealedKey {
  v: 1;
  iv: string;
  data: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function deviceKey(place: DeviceKeyPlace, create: boolean): Promise<CryptoKey | null> {
  const stored = await place.load().catch(() => null);
  if (stored || !create) return stored;
  const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  await place.save(made);
  return made;
}

export interface SealedStore {
  save(value: string): Promise<void>;
  /** The stored value, or null when there is none or it cannot be opened on this device. */
  load(): Promise<string | null>;
  remove(): void;
}

/** A string sealed for one purpose (e.g. `ai-key`, `birth`). */
export function sealedStore(
  places: { device: DeviceKeyPlace; sealed: SealedPlace },
  purpose: string,
): SealedStore {
  const AAD = new TextEncoder().encode(`mygenie/${purpose}/v1`);
  return {
    async save(value: string): Promise<void> {
      const key = (await deviceKey(places.device, true))!;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: AAD },
        key,
        new TextEncoder().encode(value),
      );
      const sealed: SealedKey = { v: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
      places.sealed.write(JSON.stringify(sealed));
    },

    async load(): Promise<string | null> {
      const text = places.sealed.read();
      if (!text) return null;
      try {
        const sealed = JSON.parse(text) as Partial<SealedKey>;
        if (sealed.v !== 1 || typeof sealed.iv !== 'string' || typeof sealed.data !== 'string') return null;
        const key = await deviceKey(places.device, false);
        if (!key) return null;
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: AAD },
          key,
          fromBase64(sealed.data),
        );
        return new TextDecoder().decode(plain);
      } catch {
        return null;
      }
    },

    remove(): void {
      places.sealed.remove();
    },
  };
}

/** The member's AI key. */
export function aiKeyStore(places: { device: DeviceKeyPlace; sealed: SealedPlace }): SealedStore {
  return sealedStore(places, 'ai-key');
}

/**
 * The browser's places: the device key in IndexedDB (`mygenie-device`, store `keys`, entry `fortune`), the
 * sealed value in localStorage under `storageKey`.
 */
export function browserKeyPlaces(storageKey: string): { device: DeviceKeyPlace; sealed: SealedPlace } {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('mygenie-device', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('keys');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    });
  const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    open().then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const request = work(db.transaction('keys', mode).objectStore('keys'));
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => {
            db.close();
            reject(request.error ?? new Error('IndexedDB request failed'));
          };
        }),
    );
  return {
    device: {
      load: async () =>
        ((await run('readonly', (store) => store.get('fortune'))) as CryptoKey | undefined) ?? null,
      save: async (key) => {
        await run('readwrite', (store) => store.put(key, 'fortune'));
      },
    },
    sealed: {
      read: () => localStorage.getItem(storageKey),
      write: (value) => localStorage.setItem(storageKey, value),
      remove: () => localStorage.removeItem(storageKey),
    },
  };
}
