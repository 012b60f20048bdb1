// Idle auto logout (description §4), for the site and the app alike: the minutes are a plain preference in
// localStorage (none, 5, 10, 20, 30; anything else means 10) shared by every tab of the origin; any activity
// resets the timer, the timer is paused while the page is hidden, and a change of the setting in another tab
// applies at once. The server enforces the same limit (a closed tab or a copied cookie runs no timer): the page
// tells it the minutes, and that the member is active, at most once a minute.
import { useEffect, useRef } from 'react';
import {
  AUTO_LOGOUT_DEFAULT_MIN,
  AUTO_LOGOUT_OPTIONS_MIN,
  SESSION_ACTIVITY_REPORT_MS,
  STORAGE_KEYS,
} from '../shared/constants.js';

/** Announced in this tab when the minutes change (the storage event reaches only the other tabs). */
export const AUTO_LOGOUT_CHANGED = 'mygenie:auto-logout';

/** Auto-logout minutes: one of the offered values; anything else (missing, invalid) means the default. */
export function readAutoLogoutMinutes(): number {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.autoLogoutMinutes);
  } catch {
    stored = null;
  }
  const minutes = Number(stored);
  return stored !== null && (AUTO_LOGOUT_OPTIONS_MIN as readonly number[]).includes(minutes)
    ? minutes
    : AUTO_LOGOUT_DEFAULT_MIN;
}

export function saveAutoLogoutMinutes(minutes: number): void {
  localStorage.setItem(STORAGE_KEYS.autoLogoutMinutes, String(minutes));
  // The storage event only reaches other tabs; this tab hears it too.
  window.dispatchEvent(new Event(AUTO_LOGOUT_CHANGED));
}

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart', 'click'] as const;

export function useAutoLogout(onExpire: (minutes: number) => void, enabled: boolean): void {
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    if (!enabled) return;
    let minutes = readAutoLogoutMinutes();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let remaining = minutes * 60_000;
    let startedAt = 0;

    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const run = (ms: number) => {
      stop();
      if (minutes === 0 || document.hidden) return;
      remaining = ms;
      startedAt = performance.now();
      timer = setTimeout(() => expire.current(minutes), ms);
    };
    let reportedAt = Number.NEGATIVE_INFINITY;
    const report = (now: boolean) => {
      if (!now && performance.now() - reportedAt < SESSION_ACTIVITY_REPORT_MS) return;
      reportedAt = performance.now();
      void import('./api.js')
        .then(({ call }) => call('sessionActivity', { body: { idleMinutes: minutes } }))
        .catch(() => undefined);
    };
    const reset = () => run(minutes * 60_000);
    const onActivity = () => {
      reset();
      report(false);
    };
    const onVisibility = () => {
      if (document.hidden) {
        if (timer !== undefined) remaining = Math.max(0, remaining - (performance.now() - startedAt));
        stop();
      } else {
        run(remaining);
      }
    };
    const onSetting = (event: Event) => {
      if (event instanceof StorageEvent && event.key !== STORAGE_KEYS.autoLogoutMinutes) return;
      minutes = readAutoLogoutMinutes();
      reset();
      report(true);
    };

    reset();
    report(true);
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onSetting);
    window.addEventListener(AUTO_LOGOUT_CHANGED, onSetting);
    return () => {
      stop();
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onSetting);
      window.removeEventListener(AUTO_LOGOUT_CHANGED, onSetting);
    };
  }, [enabled]);
}
