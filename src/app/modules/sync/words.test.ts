import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../shared/i18n/error-message.js';
import { plural } from '../../../shared/plural.js';
import { syncText } from './copy.js';
import { causeText, stateWords } from './words.js';

describe('the sync state in words', () => {
  it('says each state in a few words in English', () => {
    expect(stateWords({ state: 'synced', at: 0 }, 0, 'en')).toBe('Synced');
    expect(stateWords({ state: 'synced', at: 0 }, 1, 'en')).toBe('1 conflict');
    expect(stateWords({ state: 'synced', at: 0 }, 2, 'en')).toBe('2 conflicts');
    expect(stateWords({ state: 'syncing', done: 0, total: 0 }, 0, 'en')).toBe('Syncing');
    expect(stateWords({ state: 'syncing', done: 1, total: 4 }, 0, 'en')).toBe('Syncing 25%');
    expect(stateWords({ state: 'offline' }, 0, 'en')).toBe('Offline');
    expect(stateWords({ state: 'error', cause: 'unreachable' }, 0, 'en')).toBe('Server unreachable');
    expect(stateWords({ state: 'error', cause: 'stuck', unsent: 1 }, 0, 'en')).toBe('1 unsent');
    expect(stateWords({ state: 'error', cause: 'stuck', unsent: 12 }, 0, 'en')).toBe('12 unsent');
    expect(stateWords({ state: 'error', cause: 'sync/unknown-device' }, 0, 'en')).toBe('Removed from sync');
    expect(stateWords({ state: 'error', cause: 'refused' }, 0, 'en')).toBe('Sync error');
    expect(stateWords({ state: 'off' }, 0, 'en')).toBe('Sync off');
  });

  it('says each state in a few words in Korean', () => {
    expect(stateWords({ state: 'synced', at: 0 }, 0, 'ko')).toBe('동기화됨');
    expect(stateWords({ state: 'synced', at: 0 }, 1, 'ko')).toBe('충돌 1건');
    expect(stateWords({ state: 'offline' }, 0, 'ko')).toBe('오프라인');
    expect(stateWords({ state: 'error', cause: 'unreachable' }, 0, 'ko')).toBe('서버 연결 안 됨');
    expect(stateWords({ state: 'error', cause: 'stuck', unsent: 3 }, 0, 'ko')).toBe('미전송 3건');
    expect(stateWords({ state: 'error', cause: 'sync/unknown-device' }, 0, 'ko')).toBe('동기화에서 빠짐');
    expect(stateWords({ state: 'error', cause: 'network' }, 0, 'ko')).toBe('동기화 오류');
  });

  it('never calls a server out of reach "offline"', () => {
    for (const lang of ['ko', 'en'] as const) {
      const words = stateWords({ state: 'error', cause: 'unreachable' }, 0, lang);
      expect(words).not.toBe(syncText[lang].badge.offline);
      expect(causeText('unreachable', undefined, lang)).toBe(syncText[lang].causes.unreachable);
    }
  });
});

describe('the conflicts banner', () => {
  it('counts the records in conflict with the plural of the language', () => {
    expect(plural(syncText.en.conflicts.banner, 1, 'en')).toBe('1 record conflicts with another device.');
    expect(plural(syncText.en.conflicts.banner, 3, 'en')).toBe('3 records conflict with another device.');
    expect(plural(syncText.ko.conflicts.banner, 1, 'ko')).toBe('다른 기기와 충돌한 기록이 1건 있습니다.');
  });
});

describe('why sync stopped', () => {
  it('counts the unsent entries of a stuck sync with the plural of the language', () => {
    expect(causeText('stuck', 1, 'en')).toMatch(/^1 entry is not on the server yet/);
    expect(causeText('stuck', 2, 'en')).toMatch(/^2 entries are not on the server yet/);
    expect(causeText('stuck', 2, 'ko')).toContain('기록이 2개');
  });

  it('tells a device removed from sync, and any other code from the catalog', () => {
    expect(causeText('sync/unknown-device', undefined, 'en')).toBe(errorMessage('en', 'sync/unknown-device'));
    expect(causeText('sync/unknown-device', undefined, 'ko')).toBe(errorMessage('ko', 'sync/unknown-device'));
    expect(causeText('refused', undefined, 'ko')).toBe(syncText.ko.causes.refused);
    expect(causeText('auth/unauthenticated', undefined, 'en')).toBe(
      errorMessage('en', 'auth/unauthenticated'),
    );
  });
});
