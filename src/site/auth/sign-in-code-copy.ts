// The words of a sign-in confirmed with the code mailed to the member (SignInCode.tsx): they load with its code,
// only on the page of a sign-in that waits for one.
import { defineText } from '../../client/text.js';

export const codeCopy = defineText(
  {
    confirmed: '로그인이 확인되었습니다.',
    codeTitle: '이 로그인을 확인해 주세요',
    codeMessage:
      '마스터 키를 확인할 수 있는 다른 기기가 로그인되어 있지 않아, {{email}}(으)로 6자리 확인 코드를 보냈습니다. 코드를 입력하면 로그인이 끝납니다.',
    codeLabel: '메일로 받은 확인 코드',
    codeSubmit: '확인',
    codeResend: '새 코드 보내기',
    codeResent: '{{email}}(으)로 새 코드를 보냈습니다. 이전 코드는 더 이상 쓸 수 없습니다.',
    codeSpam: '메일이 보이지 않으면 스팸함을 확인해 주세요.',
    codeFormat: '확인 코드 6자리를 입력해 주세요.',
  },
  {
    confirmed: 'This sign-in is confirmed.',
    codeTitle: 'Confirm this sign-in',
    codeMessage:
      'None of your signed-in devices can check your master key, so a 6-digit code has been mailed to {{email}}. Enter it to finish signing in.',
    codeLabel: 'Code from the e-mail',
    codeSubmit: 'Confirm',
    codeResend: 'Send a new code',
    codeResent: 'A new code has been sent to {{email}}. The earlier one no longer works.',
    codeSpam: 'If you do not see the mail, check your spam folder.',
    codeFormat: 'Enter the 6 digits of the code.',
  },
);
