import { defineText } from '../../../client/text.js';

export const exportText = defineText(
  {
    heading: '내보내기',
    lead: '다른 앱이 읽는 형식으로 파일을 만들어 이 기기에 내려받습니다. 금고에서 데이터를 꺼내는 일이라 마스터 비밀번호를 확인합니다.',
    what: '무엇을 내보낼까요?',
    choices: {
      ics: {
        label: '일정 (.ics)',
        note: '구글·애플 캘린더가 읽습니다. 시간대와 반복, 바뀐 날도 함께 적힙니다. 음력 반복은 앞으로 10년의 양력 날짜로도 적힙니다.',
      },
      'bitwarden-json': {
        label: '개인정보 (Bitwarden 암호화 JSON)',
        note: 'Bitwarden에서 "비밀번호로 보호된 JSON"으로 가져올 수 있습니다.',
      },
      'bitwarden-csv': { label: '개인정보 (CSV)', note: 'Bitwarden CSV 형식입니다. 암호화되지 않습니다.' },
      'diary-markdown': {
        label: '일기 (Markdown zip)',
        note: '일기마다 Markdown 파일 하나, 첨부 파일과 함께.',
      },
      'ledger-csv': { label: '가계부 (CSV)', note: '엑셀과 구글 시트가 읽습니다.' },
      'ledger-xlsx': { label: '가계부 (엑셀 .xlsx)', note: '날짜와 금액이 엑셀의 날짜·숫자로 들어갑니다.' },
    },
    plainWarning:
      'CSV 파일은 암호화되지 않아 비밀번호와 카드 번호가 그대로 적힙니다. 옮긴 뒤에는 파일을 지우세요.',
    filePassword: '내보낼 파일의 비밀번호',
    filePasswordNote: 'Bitwarden에서 가져올 때 이 비밀번호를 묻습니다. 마스터 비밀번호와 다르게 정하세요.',
    fileTooShort: {
      one: '내보낼 파일의 비밀번호는 {{count}}자 이상이어야 합니다.',
      other: '내보낼 파일의 비밀번호는 {{count}}자 이상이어야 합니다.',
    },
    confirm: '내보낼 파일의 비밀번호 확인',
    confirmMismatch: '두 비밀번호가 다릅니다.',
    master: '마스터 비밀번호',
    masterNote: '금고를 만들 때 정한 비밀번호입니다.',
    masterRequired: '마스터 비밀번호를 입력하세요.',
    wrongMaster: '마스터 비밀번호가 맞지 않습니다.',
    submit: '내보내기',
    exporting: '만드는 중…',
    nothing: '내보낼 항목이 없습니다.',
    failed: '파일을 만들지 못했습니다. 다시 시도하세요.',
    done: '{{name}} 파일을 내려받았습니다.',
  },
  {
    heading: 'Export',
    lead: 'Makes a file other apps read and downloads it to this device. It takes data out of your vault, so your master password is checked first.',
    what: 'What to export',
    choices: {
      ics: {
        label: 'Schedule (.ics)',
        note: 'Read by Google and Apple Calendar, time zones, repeats and changed dates included. Lunar repeats are also written as their solar dates for the next ten years.',
      },
      'bitwarden-json': {
        label: 'Personal info (Bitwarden encrypted JSON)',
        note: 'Bitwarden imports it as "Password-protected JSON".',
      },
      'bitwarden-csv': { label: 'Personal info (CSV)', note: "Bitwarden's CSV format. Not encrypted." },
      'diary-markdown': {
        label: 'Diary (Markdown zip)',
        note: 'One Markdown file per entry, with its attachments.',
      },
      'ledger-csv': { label: 'Ledger (CSV)', note: 'Read by Excel and Google Sheets.' },
      'ledger-xlsx': {
        label: 'Ledger (Excel .xlsx)',
        note: 'Dates and amounts arrive as real Excel dates and numbers.',
      },
    },
    plainWarning:
      'A CSV file is not encrypted: passwords and card numbers are written as they are. Delete the file once it has been moved.',
    filePassword: 'Password for the exported file',
    filePasswordNote: 'Bitwarden asks for it when importing. Choose one different from your master password.',
    fileTooShort: {
      one: 'The password for the exported file must be at least {{count}} character.',
      other: 'The password for the exported file must be at least {{count}} characters.',
    },
    confirm: 'Confirm the password for the exported file',
    confirmMismatch: 'The two passwords differ.',
    master: 'Master password',
    masterNote: 'The password you chose when you made your vault.',
    masterRequired: 'Please enter your master password.',
    wrongMaster: 'That master password is not right.',
    submit: 'Export',
    exporting: 'Making the file…',
    nothing: 'There is nothing to export.',
    failed: 'The file could not be made. Please try again.',
    done: 'Downloaded {{name}}.',
  },
);
