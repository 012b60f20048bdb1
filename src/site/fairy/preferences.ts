// The fairy's choices kept in the browser: voice on or off (on by default), whether the fairy is active, and the
// stored tour flags that start the features tour.
import { FEATURES_TOUR_TRIGGER, STORAGE_KEYS } from '../../shared/constants.js';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

export const fairyPreferences = {
  voiceOn: () => read(STORAGE_KEYS.fairyVoice) !== 'off',
  setVoiceOn: (on: boolean) => write(STORAGE_KEYS.fairyVoice, on ? 'on' : 'off'),
  active: () => read(STORAGE_KEYS.fairyActive) !== 'false',
  setActive: (active: boolean) => write(STORAGE_KEYS.fairyActive, active ? 'true' : 'false'),

  /** Asks the features page to start its tour on the next visit. */
  requestFeaturesTour() {
    write(STORAGE_KEYS.tourTrigger, FEATURES_TOUR_TRIGGER);
    write(STORAGE_KEYS.fairyActive, 'true');
  },
  /**
   * The features tour starts when its trigger is stored and the fairy is active. With the voice off it plays too,
   * read at the member's pace with Next (issue 18): asking for the tour and getting the generic intro was a dead end.
   */
  featuresTourRequested(): boolean {
    return read(STORAGE_KEYS.tourTrigger) === FEATURES_TOUR_TRIGGER && this.active();
  },
  clearTourTrigger: () => write(STORAGE_KEYS.tourTrigger, null),

  /** Stored lines override a script; a recorded guide advances on a timer instead of on speech. */
  storedLines(): string[] | null {
    try {
      const lines: unknown = JSON.parse(read(STORAGE_KEYS.tourLines) ?? 'null');
      return Array.isArray(lines) && lines.length > 0 && lines.every((line) => typeof line === 'string')
        ? (lines as string[])
        : null;
    } catch {
      return null;
    }
  },
  recordedGuide: () => read(STORAGE_KEYS.tourRecorded) === 'true',
};
