// The messages of the codes only the app meets (AppErrorCode, src/shared/errors.ts), in Korean: kept apart from the
// shared catalog, which every page of the site loads, so a page carries no message it can never show. Read them with
// errorMessage (../error-message.ts).
import { SPACE_MEMBERS_MAX, SPACES_PER_MEMBER_MAX } from '../../constants.js';
import type { AppErrorCode } from '../../errors.js';

export const ko = {
  'sync/no-vault': '아직 동기화된 금고가 없습니다. 금고가 있는 기기에서 동기화를 켜 주세요.',
  'sync/other-vault':
    '이 계정은 이미 다른 금고를 동기화하고 있습니다. 이 기기에서 그 금고의 마스터 비밀번호로 여시거나, 먼저 지워 주세요.',
  'sync/unknown-device': '이 기기는 동기화에서 제외되었습니다. 다시 참여하려면 동기화를 다시 켜 주세요.',
  'sync/out-of-order': '이 기기의 변경 내용이 순서에 맞지 않게 도착했습니다. 동기화가 다시 시도합니다.',
  'sync/stale-snapshot': '더 최근의 금고 스냅숏이 이미 저장되어 있습니다.',
  'sync/not-your-device':
    '이 기기를 동기화에 추가한 로그인만 이 기기의 변경 내용을 보낼 수 있습니다. 그 기기에서 다시 로그인해 주세요.',
  'sync/unproven':
    '이 기기가 금고를 가지고 있음을 증명하지 못했습니다. 이 기기에서 금고를 연 뒤 동기화를 다시 켜 주세요.',
  'sync/busy': '이 계정이 한꺼번에 많이 보내고 있습니다. 잠시 뒤 동기화가 이어집니다.',
  'sync/stale-header':
    '그사이 다른 기기에서 마스터 비밀번호가 바뀌었습니다. 동기화가 가장 최근 것으로 다시 시도합니다.',
  'sync/too-many-devices':
    '이 계정은 이미 허용된 최대 수의 기기와 동기화하고 있습니다. 더 이상 쓰지 않는 기기를 동기화 설정에서 제거한 뒤 다시 시도해 주세요.',
  'sync/device-removed':
    '이 기기는 동기화에서 제외되어 이전 상태 그대로는 다시 참여할 수 없습니다. 동기화를 다시 켜서 새 기기로 참여해 주세요.',
  'reminder/not-found': '알림을 찾을 수 없습니다. 이미 보냈거나 취소되었습니다.',
  'reminder/unknown-endpoint': '알림을 받을 기기를 찾을 수 없습니다. 이 기기에서 알림을 다시 켜 주세요.',
  'reminder/invalid-time':
    '알림 시각이 올바르지 않습니다. 지난 시각이나 400일 넘게 남은 시각에는 알림을 맞출 수 없습니다.',
  'reminder/invalid-message': '알림 내용이 올바르게 암호화되지 않았습니다.',
  'reminder/too-many': '예약할 수 있는 알림 수를 넘었습니다. 가까운 알림부터 예약됩니다.',
  'reminder/too-large': '알림이 너무 큽니다. 예약된 알림을 줄이거나 알림을 받을 기기를 줄여 주세요.',
  'reminder/too-many-endpoints':
    '알림을 받을 수 있는 기기 수를 넘었습니다. 쓰지 않는 기기를 목록에서 지워 주세요.',
  'drive/invalid-address': '드라이브 주소는 https://로 시작하는 WebDAV 주소여야 합니다.',
  'drive/address-not-allowed': '이 주소는 사설 네트워크를 가리켜 쓸 수 없습니다.',
  'drive/unauthorized': '드라이브가 사용자 이름이나 앱 비밀번호를 받아들이지 않았습니다.',
  'drive/not-found': '드라이브에 그 폴더나 백업이 없습니다.',
  'drive/quota-exceeded': '드라이브의 저장 공간이 가득 찼습니다.',
  'drive/unreachable': '드라이브에 연결하지 못했거나 연결이 끊겼습니다.',
  'drive/bad-response': '드라이브의 응답이 WebDAV 응답이 아닙니다. 주소를 확인하세요.',
  'space/not-found':
    '공간을 찾을 수 없습니다. 이미 삭제되었거나 더 이상 이 공간의 구성원이 아닐 수 있습니다.',
  'space/read-only':
    '이 공간에서는 보기만 할 수 있습니다. 기록을 추가하거나 고치려면 공간 소유자에게 편집 권한을 요청해 주세요.',
  'space/not-owner': '공간 소유자만 할 수 있는 작업입니다.',
  'space/unproven':
    '서명을 확인하지 못해 이 공간에 대한 변경을 받아들이지 않았습니다. 앱을 새로 고친 뒤 다시 시도해 주세요.',
  'space/full': `한 공간에는 초대를 기다리는 사람을 포함해 ${SPACE_MEMBERS_MAX}명까지 함께할 수 있습니다. 구성원을 내보내거나 초대를 취소한 뒤 다시 시도해 주세요.`,
  'space/too-many-spaces': `공간은 ${SPACES_PER_MEMBER_MAX}개까지 만들거나 참여할 수 있습니다. 더 이상 쓰지 않는 공간에서 나간 뒤 다시 시도해 주세요.`,
  'space/invitation-not-found':
    '초대를 찾을 수 없습니다. 기간이 지났거나, 취소되었거나, 이미 수락되었을 수 있습니다.',
  'space/stale-epoch': '그사이 공간의 키가 바뀌었습니다. 최신 상태를 받은 뒤 자동으로 다시 시도합니다.',
  'space/stale-key':
    '그사이 다른 기기에서 공간용 키가 바뀌었습니다. 앱을 새로 고쳐 최신 키를 받은 뒤 다시 시도해 주세요.',
  'space/no-identity':
    '공간을 쓰려면 먼저 공간용 키를 만들어야 합니다. 동기화가 켜진 기기에서 앱을 열면 자동으로 만들어집니다.',
  'space/no-synced-vault':
    '공간을 함께 쓰려면 먼저 동기화를 켜 주세요. 공간용 키는 동기화된 금고에 보관됩니다.',
  'space/last-owner':
    '공간에는 소유자가 있어야 합니다. 먼저 다른 구성원에게 소유권을 넘기거나 공간을 삭제해 주세요.',
  'space/rotation-busy':
    '다른 구성원이 지금 이 공간의 키를 바꾸고 있습니다. 잠시 뒤 자동으로 다시 시도합니다.',
} satisfies Record<AppErrorCode, string>;
