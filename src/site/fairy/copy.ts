// The fairy guide's words (description §2 "Fairy guide"): its controls and the home page's lines; the
// features tour's lines live with that page.
import { defineText } from '../../client/text.js';

export const fairyText = defineText(
  {
    name: '요정 지니',
    label: '요정 안내자',
    intro: '안녕하세요! 저는 MyGenie의 요정 지니예요. MyGenie를 어떻게 쓰는지 함께 둘러볼까요?',
    start: '안내 시작',
    next: '다음',
    close: '닫기',
    replay: '처음부터 다시',
    voiceOn: '음성 켜짐',
    voiceOff: '음성 꺼짐',
    open: '요정 안내자 열기',
    toFeatures: '기능 둘러보기 투어',
    done: '안내가 끝났어요. 궁금할 때 언제든 다시 불러 주세요!',
    holdHint: '길게 누르면 닫혀요',
    noVoice: '이 브라우저에서는 음성을 들려 드릴 수 없어요. 다 읽으셨으면 다음을 눌러 주세요.',
    home: [
      'MyGenie는 일정, 일기, 개인정보, 문서, 가계부를 여러분의 기기 안에서 암호화해 보관하는 개인 비서예요.',
      '먼저 오른쪽 위의 회원가입 버튼으로 계정을 만들고, 메일로 받은 링크를 열어 이메일을 인증해 주세요.',
      '로그인한 뒤 아래 타일을 누르면 MyGenie 앱이 새 탭에서 그 화면으로 바로 열려요.',
      '앱을 처음 열면 마스터 비밀번호를 정해요. 이 비밀번호는 기기 밖으로 나가지 않으니 꼭 기억해 두세요.',
      '바탕화면 바로가기를 만들어 두면 인터넷이 없어도 앱처럼 바로 열 수 있어요.',
      '기능 페이지에서 더 자세한 투어를 들을 수 있어요. 함께 가 볼까요?',
    ],
  },
  {
    name: 'Genie the fairy',
    label: 'Fairy guide',
    intro: "Hello! I'm Genie, MyGenie's fairy. Shall we take a quick look at how MyGenie works?",
    start: 'Start the guide',
    next: 'Next',
    close: 'Close',
    replay: 'Replay tutorial',
    voiceOn: 'Voice on',
    voiceOff: 'Voice off',
    open: 'Open the fairy guide',
    toFeatures: 'Take the features tour',
    done: "That's the tour. Call me back whenever you like!",
    holdHint: 'Touch and hold to close',
    noVoice: "This browser can't play my voice. Press Next when you've read each line.",
    home: [
      'MyGenie is a personal assistant that keeps your schedule, diary, personal information, documents and ledger encrypted on your own device.',
      'First create an account with the Register button at the top, then open the link we e-mail you to verify your address.',
      'Once you are logged in, press a tile below and the MyGenie app opens on that screen in a new tab.',
      'The first time you open the app you set a master password. It never leaves your device, so keep it safe.',
      'Create a desktop shortcut and MyGenie opens like an app, even without an internet connection.',
      'The features page has a longer guided tour. Shall we go there together?',
    ],
  },
);
