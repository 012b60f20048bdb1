// Idle auto logout (description §4): any activity resets the timer, the timer is paused while the page is
// hidden, and a change of the setting in another tab applies at once.
import { useEffect, useRef } from 'react';
import { STORAGE_KEYS } from '../../shared/constants.js';
import { readAutoLogoutMinutes } from './settings.js';

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
    const reset = () => run(minutes * 60_000);
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
    };

    reset();
    for (const type of ACTIVITY) window.addEventListener(type, reset, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onSetting);
    window.addEventListener('mygenie:auto-logout', onSetting);
    return () => {
      stop();
      for (const type of ACTIVITY) window.removeEventListener(type, reset, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onSetting);
      window.removeEventListener('mygenie:auto-logout', onSetting);
    };
  }, [enabled]);
}
