import { defineText } from '../../../client/text.js';

export const syncText = defineText(
  {
    badge: {
      off: '동기화 꺼짐',
      synced: '동기화됨',
      syncing: '동기화 중',
      progress: '동기화 중 {{percent}}%',
      offline: '오프라인',
      conflict: { one: '충돌 {{count}}건', other: '충돌 {{count}}건' },
      error: '동기화 오류',
      unreachable: '서버 연결 안 됨',
      unsent: { one: '미전송 {{count}}건', other: '미전송 {{count}}건' },
      removed: '동기화에서 빠짐',
      open: '동기화 상태 보기',
    },
    causes: {
      refused:
        '서버가 보낸 변경 내용이 검증을 통과하지 못해 적용하지 않았습니다. 데이터는 안전합니다. 잠시 뒤 다시 시도하세요.',
      'storage-full': '이 기기의 저장 공간이 가득 차서 동기화한 내용을 저장하지 못했습니다.',
      locked: '금고가 잠겨 있어 동기화를 멈췄습니다.',
      damaged: '이 기기에 저장된 동기화 정보가 손상되었습니다. 동기화를 껐다가 다시 켜 주세요.',
      network: '서버에 연결할 수 없습니다.',
      unreachable: '이 기기는 온라인이지만 서버에 연결할 수 없습니다. 잠시 뒤 다시 시도합니다.',
      stuck: {
        one: '아직 서버로 보내지 못한 기록이 {{count}}개 있습니다. 다른 기기에서 먼저 바뀌어 합친 뒤 보내야 합니다. 잠시 뒤 다시 보냅니다.',
        other:
          '아직 서버로 보내지 못한 기록이 {{count}}개 있습니다. 다른 기기에서 먼저 바뀌어 합친 뒤 보내야 합니다. 잠시 뒤 다시 보냅니다.',
      },
      other: '동기화하지 못했습니다. 잠시 뒤 다시 시도합니다.',
      'auth/reauth-required':
        '새 마스터 비밀번호가 아직 다른 기기로 가지 않았습니다. 아래에서 계정 비밀번호로 확인해 주세요.',
    },
    panel: {
      heading: '기기 간 동기화',
      lead: '켜 두면 이 금고가 회원님의 다른 기기와 종단 간 암호화로 동기화됩니다. 서버는 암호화된 내용만 보관하며 기록·제목·금액을 읽을 수 없습니다.',
      off: '이 기기는 동기화하지 않습니다. 금고는 이 기기에만 있습니다.',
      turnOn: '동기화 켜기',
      turnOff: '이 기기 동기화 끄기',
      turnOffConfirm:
        '이 기기의 동기화를 끌까요? 금고는 이 기기에 그대로 남고, 이후 변경은 다른 기기로 가지 않습니다.',
      now: '지금 동기화',
      lastSynced: '마지막 동기화: {{time}}',
      devices: '금고가 있는 기기',
      thisDevice: '이 기기',
      lastSeen: '최근 접속 {{time}}',
      noDevices: '아직 동기화하는 기기가 없습니다.',
      otherVault:
        '이 계정은 이미 다른 금고를 동기화하고 있습니다. 그 금고를 이 기기에서 쓰려면 로그아웃 후 새 기기에서처럼 잠금 해제하거나, 동기화된 금고를 지우고 이 금고로 다시 시작하세요.',
      eraseSynced: '동기화된 금고 지우고 이 금고로 시작',
      eraseConfirm:
        '서버에 동기화된 금고를 지우고 이 기기의 금고로 다시 시작할까요? 다른 기기의 금고는 각 기기에 그대로 남지만, 이 금고와 합쳐지지 않습니다.',
      erasePassword: '계정 비밀번호',
      erasePasswordHint:
        '되돌릴 수 없는 일이라 로그인할 때 쓰는 계정 비밀번호로 확인합니다. 금고의 마스터 비밀번호가 아닙니다.',
      erasePasswordMissing: '계정 비밀번호를 입력하세요.',
      headerSend: '새 마스터 비밀번호 보내기',
      headerSent: '새 마스터 비밀번호를 다른 기기로 보냈습니다.',
      turnedOn: '동기화를 켰습니다.',
      turnedOff: '이 기기의 동기화를 껐습니다.',
      failed: '동기화 설정을 바꾸지 못했습니다.',
      remove: '목록에서 빼기',
      removeDevice: '{{name}} 기기를 목록에서 빼기',
      removeConfirm:
        '이 기기는 더 이상 동기화하지 않습니다. 그 기기에 있는 금고는 마스터 비밀번호로 잠긴 채 남습니다. 잃어버린 기기라면 ‘내 계정 보안’의 ‘로그인한 기기’에서 그 기기도 로그아웃시키세요.',
      removed: '기기를 동기화에서 뺐습니다.',
      rejoin: '동기화 다시 켜기',
      rejoinLead:
        '다시 켜면 이 기기를 새로 등록하고 금고를 서버에서 다시 받습니다. 이 기기에서 아직 보내지 못한 기록은 지워지지 않고 남아 있다가, 받은 내용과 합쳐진 뒤 다른 기기로 갑니다.',
      rejoined: '동기화를 다시 켰습니다.',
      rename: '이름 바꾸기',
      renameDevice: '{{name}} 기기 이름 바꾸기',
      name: '기기 이름',
      nameHint: '{{max}}자까지',
      saveName: '이름 저장',
      renamed: '기기 이름을 바꿨습니다.',
      renameFailed: '기기 이름을 바꾸지 못했습니다. 잠시 뒤 다시 시도하세요.',
      nameProblems: {
        empty: '기기 이름을 입력하세요.',
        'too-long': '기기 이름은 {{max}}자 이하로 입력하세요.',
        characters: '기기 이름에 쓸 수 없는 문자가 있습니다(<, >, 제어 문자, 글자 방향을 바꾸는 문자).',
      },
    },
    conflicts: {
      heading: '충돌한 기록',
      lead: '두 기기에서 같은 기록을 다르게 고쳤습니다. 두 판을 모두 보관했습니다. 남길 판을 고르세요.',
      banner: {
        one: '다른 기기와 충돌한 기록이 {{count}}건 있습니다.',
        other: '다른 기기와 충돌한 기록이 {{count}}건 있습니다.',
      },
      copyBadge: '충돌 사본',
      copyBadgeLabel: '충돌 사본: 두 판 비교하기',
      review: '확인하기',
      copyOf: '{{kind}} 기록의 다른 판',
      keepCopy: '이 판 남기기',
      keepOther: '다른 판 남기기',
      thisVersion: '이 판',
      otherVersion: '다른 판',
      theirVersion: '{{name}}의 판',
      yourVersion: '내 판',
      hidden: '상세 보기 비밀번호로 보호되는 기록입니다. 두 판의 내용을 보려면 비밀번호를 입력하세요.',
      reveal: '내용 보기',
      resolved: '충돌을 해결했습니다.',
      kinds: {
        event: '일정',
        memo: '일기',
        personal: '개인정보',
        document: '문서',
        ledger: '가계부',
        anniversaries: '기념일',
        settings: '설정',
      },
    },
    notices: {
      'kept-edited-here': '다른 기기나 탭에서 삭제된 {{kind}} 기록을 여기서 고쳤기 때문에 남겨 두었습니다.',
      'restored-edited-elsewhere':
        '이 기기에서 삭제한 {{kind}} 기록을 다른 기기에서 고쳤기 때문에 되살렸습니다.',
      'settings-merged': '설정 일부를 두 기기에서 다르게 바꿔, 다른 기기의 선택을 적용했습니다.',
      'setting-replaced':
        '편집하는 동안 다른 기기나 탭에서도 바뀐 설정이 있어, 여기서 저장한 선택을 적용했습니다.',
      'not-deleted':
        '삭제하기로 한 뒤 다른 기기나 탭에서 바뀐 {{kind}} 기록이라 남겨 두었습니다. 그래도 지우려면 다시 삭제하세요.',
      dismiss: '닫기',
    },
    setup: {
      label: '이 금고를 내 다른 기기와 동기화',
      hint: '종단 간 암호화되어 서버는 내용을 읽을 수 없습니다. 끄면 금고는 이 기기에만 있으며, 설정에서 언제든 바꿀 수 있습니다.',
    },
    join: {
      title: '동기화된 금고 열기',
      lead: '이 계정에는 다른 기기에서 동기화한 금고가 있습니다. 그 금고의 마스터 비밀번호를 입력하면 이 기기로 내려받습니다. 비밀번호는 이 기기를 떠나지 않습니다.',
      password: '마스터 비밀번호',
      submit: '금고 열기',
      wrong: '마스터 비밀번호가 올바르지 않습니다.',
      failed: '동기화된 금고를 열지 못했습니다. 잠시 뒤 다시 시도하세요.',
      instead: '대신 이 기기에서 새 금고 만들기',
      checking: '동기화된 금고가 있는지 확인하는 중...',
      arriving: '금고를 이 기기로 가져오는 중',
      arrivingOffline: '오프라인입니다. 다시 연결되면 이어서 가져옵니다.',
      retry: '다시 시도',
      logout: '로그아웃',
    },
    logout: {
      unsent:
        '보내지 못한 변경 내용이 있습니다(오프라인이거나 서버에 연결할 수 없음). 지금 로그아웃하면 이 기기에서 지워져 사라집니다. 그래도 로그아웃할까요?',
      sending: '변경 내용을 보내는 중...',
    },
  },
  {
    badge: {
      off: 'Sync off',
      synced: 'Synced',
      syncing: 'Syncing',
      progress: 'Syncing {{percent}}%',
      offline: 'Offline',
      conflict: { one: '{{count}} conflict', other: '{{count}} conflicts' },
      error: 'Sync error',
      unreachable: 'Server unreachable',
      unsent: { one: '{{count}} unsent', other: '{{count}} unsent' },
      removed: 'Removed from sync',
      open: 'Show the sync status',
    },
    causes: {
      refused:
        'The server sent a change that does not check out, so it was not applied. Your data is safe. Try again later.',
      'storage-full': 'This device’s storage is full, so what was synced could not be saved.',
      locked: 'The vault is locked, so sync stopped.',
      damaged: 'The sync data kept on this device is damaged. Turn sync off and on again.',
      network: 'The server cannot be reached.',
      unreachable: 'This device is online, but the server cannot be reached. Sync will try again shortly.',
      stuck: {
        one: '{{count}} entry is not on the server yet: another device changed it first, so it is merged before it goes. Sync will try again shortly.',
        other:
          '{{count}} entries are not on the server yet: other devices changed them first, so they are merged before they go. Sync will try again shortly.',
      },
      other: 'Sync did not complete. It will try again shortly.',
      'auth/reauth-required':
        'Your new master password has not reached your other devices yet. Confirm it with your account password below.',
    },
    panel: {
      heading: 'Sync between devices',
      lead: 'When on, this vault syncs with your other devices, end-to-end encrypted. The server keeps only ciphertext and cannot read any record, title or amount.',
      off: 'This device does not sync. The vault is on this device only.',
      turnOn: 'Turn on sync',
      turnOff: 'Turn off sync on this device',
      turnOffConfirm:
        'Turn off sync on this device? The vault stays on this device as it is, and later changes no longer go to your other devices.',
      now: 'Sync now',
      lastSynced: 'Last synced: {{time}}',
      devices: 'Devices holding the vault',
      thisDevice: 'This device',
      lastSeen: 'Last seen {{time}}',
      noDevices: 'No device syncs yet.',
      otherVault:
        'Your account already syncs another vault. To use it on this device, log out and unlock it as on a new device, or erase the synced vault and start again with this one.',
      eraseSynced: 'Erase the synced vault and start with this one',
      eraseConfirm:
        'Erase the vault synced on the server and start again with this device’s vault? The vaults on your other devices stay on them, but are not merged with this one.',
      erasePassword: 'Account password',
      erasePasswordHint:
        'This cannot be undone, so the password you log in with confirms it — not the vault’s master password.',
      erasePasswordMissing: 'Please enter your account password.',
      headerSend: 'Send the new master password',
      headerSent: 'Your new master password was sent to your other devices.',
      turnedOn: 'Sync is on.',
      turnedOff: 'Sync is off on this device.',
      failed: 'The sync setting could not be changed.',
      remove: 'Remove',
      removeDevice: 'Remove {{name}} from sync',
      removeConfirm:
        'That device stops syncing. The vault on it stays there, locked by your master password. If the device is lost, also log it out under “Signed-in devices” in your account’s security.',
      removed: 'The device no longer syncs.',
      rejoin: 'Turn sync on again',
      rejoinLead:
        'Turning it on again registers this device anew and brings the vault down from the server again. Entries written here that were not sent yet are kept, merged with what arrives, and then go to your other devices.',
      rejoined: 'Sync is on again.',
      rename: 'Rename',
      renameDevice: 'Rename {{name}}',
      name: 'Device name',
      nameHint: 'Up to {{max}} characters',
      saveName: 'Save name',
      renamed: 'The device is renamed.',
      renameFailed: 'The device could not be renamed. Try again shortly.',
      nameProblems: {
        empty: 'Enter a name for the device.',
        'too-long': 'Use at most {{max}} characters.',
        characters:
          'The name has characters that cannot be used (<, >, control or text-direction characters).',
      },
    },
    conflicts: {
      heading: 'Conflicting records',
      lead: 'The same record was changed differently on two devices. Both versions were kept: choose the one to keep.',
      banner: {
        one: '{{count}} record conflicts with another device.',
        other: '{{count}} records conflict with another device.',
      },
      copyBadge: 'Conflict copy',
      copyBadgeLabel: 'Conflict copy: compare the two versions',
      review: 'Review',
      copyOf: 'Another version of one of your {{kind}} records',
      keepCopy: 'Keep this version',
      keepOther: 'Keep the other version',
      thisVersion: 'This version',
      otherVersion: 'The other version',
      theirVersion: '{{name}}’s version',
      yourVersion: 'Yours',
      hidden: 'This record is behind the detail view password. Enter it to see both versions.',
      reveal: 'Show both versions',
      resolved: 'The conflict is resolved.',
      kinds: {
        event: 'schedule',
        memo: 'diary',
        personal: 'personal information',
        document: 'document',
        ledger: 'ledger',
        anniversaries: 'anniversary',
        settings: 'settings',
      },
    },
    notices: {
      'kept-edited-here':
        'One of your {{kind}} records, deleted on another device or in another tab, was kept because it was edited here.',
      'restored-edited-elsewhere':
        'One of your {{kind}} records, deleted here, was brought back because it was edited on another device.',
      'settings-merged':
        'Some settings were changed differently on two devices; the other device’s choice was applied.',
      'setting-replaced':
        'A setting also changed on another device or in another tab while you edited it; the choice you saved here was applied.',
      'not-deleted':
        'One of your {{kind}} records changed on another device or in another tab after you chose to delete it, so it was kept. Delete it again if you still want to.',
      dismiss: 'Dismiss',
    },
    setup: {
      label: 'Sync this vault with my other devices',
      hint: 'End-to-end encrypted: the server cannot read it. Off, the vault stays on this device only. You can change this in the settings at any time.',
    },
    join: {
      title: 'Open your synced vault',
      lead: 'Your account has a vault synced from another device. Enter its master password to bring it to this device. The password never leaves this device.',
      password: 'Master password',
      submit: 'Open vault',
      wrong: 'The master password is incorrect.',
      failed: 'The synced vault could not be opened. Try again shortly.',
      instead: 'Create a new vault on this device instead',
      checking: 'Checking for a synced vault...',
      arriving: 'Bringing your vault to this device',
      arrivingOffline: 'You are offline. It goes on when you are back online.',
      retry: 'Try again',
      logout: 'Log out',
    },
    logout: {
      unsent:
        'Some changes could not be sent (offline, or the server cannot be reached). Logging out now erases them from this device and they are lost. Log out anyway?',
      sending: 'Sending your changes...',
    },
  },
);
