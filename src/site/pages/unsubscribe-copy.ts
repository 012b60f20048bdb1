// The page a mail's "unsubscribe" link opens.
import { defineText } from '../../client/text.js';

export const unsubscribeText = defineText(
  {
    title: '업데이트 메일 수신 거부',
    working: '처리하는 중입니다…',
    done: '앞으로 MyGenie 업데이트 메일을 보내지 않습니다.',
    missing: '링크에 필요한 정보가 없습니다. 메일의 링크를 그대로 열어 주세요.',
  },
  {
    title: 'Stop update e-mails',
    working: 'Working on it…',
    done: 'You will no longer receive MyGenie update e-mails.',
    missing: 'The link is incomplete. Please open the link from the e-mail exactly as it is.',
  },
);
