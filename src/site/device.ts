import { STORAGE_KEYS } from '../shared/constants.js';

/** This browser's random device id (not a secret): lets the member tell their signed-in devices apart. */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(STORAGE_KEYS.deviceId);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(STORAGE_KEYS.deviceId, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
