// Notice / download page (/download): notices in the page's language, program and file downloads for members,
// the member's own stored documents, download FAQ and the legal (patent, copyright, trademark) cards.
// Placeholders in {braces} are filled by the page.
import { defineText } from '../../../client/text.js';

export const copy = defineText(
  {
    meta: {
      title: '공지사항과 다운로드 | MyGenie',
      description:
        'MyGenie의 새 소식과 공지사항을 확인하고, 로그인한 회원은 최신 프로그램과 자료 파일을 내려받을 수 있습니다. 설치 방법과 자주 묻는 질문, 특허·저작권·상표 정보도 안내합니다.',
    },
    hero: {
      eyebrow: '공지사항',
      title: '공지사항과 다운로드',
      lead: 'MyGenie의 새 소식과 업데이트 안내를 가장 먼저 확인하세요. 로그인하면 최신 프로그램과 자료 파일을 이곳에서 바로 내려받을 수 있습니다.',
    },
    common: {
      retry: '다시 시도',
      cancel: '취소',
      delete: '삭제',
      deleting: '삭제 중...',
      confirmTitle: '삭제 확인',
      confirmDelete: '정말 삭제하시겠습니까?',
      opensInNewTab: '(새 탭에서 열림)',
      itemEdit: '{{name}} 수정',
      itemDelete: '{{name}} 삭제',
      itemDeleting: '{{name}} 삭제 중...',
      itemDownload: '{{name}} 다운로드',
    },
    notices: {
      title: '공지사항',
      lead: '서비스 변경, 업데이트, 점검 소식을 알려 드립니다. 제목을 누르면 내용을 볼 수 있습니다.',
      listLabel: '공지사항 목록',
      loadError: '공지사항을 불러오는 중 오류가 발생했습니다.',
      empty: '등록된 공지사항이 없습니다.',
      addTitle: '공지사항 등록',
      languageLabel: '언어',
      languageKo: '한국어',
      languageEn: '영어',
      titleLabel: '제목',
      contentLabel: '내용',
      add: '공지사항 등록',
      adding: '등록 중...',
      added: '공지사항을 등록했습니다.',
      addError: '공지사항을 등록하는 중 오류가 발생했습니다.',
      edit: '수정',
      editTitle: '공지사항 수정',
      save: '저장',
      saving: '저장 중...',
      saved: '공지사항을 수정했습니다.',
      editError: '공지사항을 수정하는 중 오류가 발생했습니다.',
      deleted: '공지사항을 삭제했습니다.',
      deleteError: '공지사항을 삭제하는 중 오류가 발생했습니다.',
    },
    downloads: {
      title: '다운로드',
      lead: '프로그램과 자료 파일은 회원에게 제공됩니다. 최신 표시가 붙은 파일이 가장 새 버전입니다.',
      loginTitle: '로그인이 필요합니다',
      loginBody: 'MyGenie를 다운로드하려면 로그인해 주세요.',
      loginNote:
        '아직 회원이 아니라면 이메일 주소로 가입하고 이메일 인증을 마치면 바로 내려받을 수 있습니다.',
      login: '로그인',
      register: '회원가입',
      programTitle: 'MyGenie 프로그램',
      programButton: 'MyGenie 다운로드',
      programVersion: '버전 {{version}} · {{size}}',
      programNone:
        '지금은 내려받을 수 있는 프로그램 파일이 없습니다. 새 버전이 올라오면 공지사항으로 알려 드리겠습니다.',
      filesTitle: '파일 목록',
      tableCaption: '내려받을 수 있는 파일',
      colName: '파일 이름',
      colSize: '크기',
      colDate: '올린 날짜',
      colAction: '다운로드',
      version: '버전 {{version}}',
      latest: '최신',
      download: '다운로드',
      loadError: '파일 목록을 불러오는 중 오류가 발생했습니다.',
      empty: '업로드된 파일이 없습니다',
    },
    documents: {
      title: '내 문서',
      lead: '내 MyGenie 계정 저장 공간에 보관한 문서와 백업 파일입니다. 파일은 기기에서 암호화된 채로 저장되어 있습니다.',
      tableCaption: '내 계정 저장 공간의 문서',
      colName: '이름',
      colSize: '크기',
      colDate: '수정한 날짜',
      colAction: '작업',
      download: '다운로드',
      usage: '{{quota}} 중 {{used}} 사용 중',
      empty: '아직 보관한 문서가 없습니다. MyGenie 계정 저장 공간에 보관한 백업이 여기에 표시됩니다.',
      loadError: '지금은 문서 목록을 불러올 수 없습니다. 잠시 후 다시 시도해 주세요.',
      deleted: '문서를 삭제했습니다.',
      deleteError: '문서를 삭제하는 중 오류가 발생했습니다.',
    },
    faq: {
      title: '자주 묻는 질문',
      items: [
        {
          question: '프로그램은 어떻게 설치하나요?',
          answer: [
            '로그인한 뒤 ‘MyGenie 다운로드’ 버튼을 누르면 파일이 기기의 다운로드 폴더에 저장됩니다. 설치 파일(.exe)이면 실행해서 안내에 따라 설치하고, 압축 파일(.zip)이면 압축을 푼 뒤 안에 있는 안내를 따라 주세요.',
            'MyGenie 앱은 브라우저에서도 바로 열리며, 브라우저의 ‘앱 설치’ 또는 ‘홈 화면에 추가’ 메뉴로 데스크톱이나 홈 화면에 앱처럼 설치할 수 있습니다.',
          ],
        },
        {
          question: '필요한 사양이 있나요?',
          answer: [
            'Chrome, Edge, Safari, Firefox 같은 최신 브라우저가 있으면 Windows, macOS, Android, iPhone, iPad 어디서나 쓸 수 있습니다. 브라우저는 최신 버전으로 업데이트해 두세요.',
            '처음 한 번은 인터넷에 연결되어 있어야 합니다. 그 뒤로는 네트워크 없이도 앱을 열어 기록을 보고 쓸 수 있습니다. 로그인과 서버 백업에는 인터넷 연결이 필요합니다.',
          ],
        },
        {
          question: '다운로드하려면 왜 로그인해야 하나요?',
          answer: [
            '프로그램과 자료 파일은 회원 서비스로 제공됩니다. 로그인한 회원에게만 내려받기를 허용해 파일이 원래 모습 그대로 전달되도록 관리하고, 업데이트와 보안 소식을 회원에게 확실히 알릴 수 있습니다.',
            '회원가입에는 이메일 주소와 비밀번호만 있으면 되고, 이메일 인증을 마치면 바로 내려받을 수 있습니다. 인증 메일이 보이지 않으면 스팸함도 확인해 주세요.',
          ],
        },
        {
          question: '업데이트 소식은 어떻게 받나요?',
          answer: [
            '새 버전과 중요한 변경 사항은 이 페이지의 공지사항에 가장 먼저 올립니다. 다운로드 목록에서 ‘최신’ 표시가 붙은 파일이 가장 새 버전입니다.',
            '사이트가 새 버전으로 바뀌면 화면 위에 업데이트 안내가 나타납니다. 안내에 따라 새로고침하면 최신 화면을 쓸 수 있습니다.',
          ],
        },
      ],
    },
    legal: {
      title: '지식재산권 안내',
      lead: 'MyGenie는 특허, 저작권, 상표로 보호받고 있습니다. 자세한 내용은 공식 등록 기관에서 확인할 수 있습니다.',
      cards: [
        {
          title: '특허 출원',
          body: 'MyGenie의 핵심 기술에 대해 대한민국 특허청에 특허를 출원했습니다. 출원 정보는 특허정보검색서비스 KIPRIS에서 찾아볼 수 있습니다.',
          link: 'KIPRIS에서 특허 검색',
        },
        {
          title: '저작권 등록',
          body: 'MyGenie 프로그램은 로컬 버전과 온라인·모바일 버전 모두 한국저작권위원회에 저작권이 등록되어 있습니다.',
          link: '한국저작권위원회 저작권 등록 검색',
        },
        {
          title: '상표 출원',
          body: 'MyGenie 상표를 대한민국 특허청에 출원했습니다. 상표 출원 정보도 KIPRIS에서 찾아볼 수 있습니다.',
          link: 'KIPRIS에서 상표 검색',
        },
      ],
    },
  },
  {
    meta: {
      title: 'Notices and downloads | MyGenie',
      description:
        'Read MyGenie news and notices, and download the latest program and files as a signed-in member. Includes install help, FAQ and our patent, copyright and trademark details.',
    },
    hero: {
      eyebrow: 'Notice',
      title: 'Notices and downloads',
      lead: 'Catch the latest MyGenie news and update notes first. Once you log in, you can download the newest program and files right here.',
    },
    common: {
      retry: 'Try again',
      cancel: 'Cancel',
      delete: 'Delete',
      deleting: 'Deleting...',
      confirmTitle: 'Confirm deletion',
      confirmDelete: 'Are you sure you want to delete?',
      opensInNewTab: '(opens in a new tab)',
      itemEdit: 'Edit {{name}}',
      itemDelete: 'Delete {{name}}',
      itemDeleting: 'Deleting {{name}}...',
      itemDownload: 'Download {{name}}',
    },
    notices: {
      title: 'Notices',
      lead: 'News about service changes, updates and maintenance. Select a title to read the notice.',
      listLabel: 'Notice list',
      loadError: 'Error occurred while loading notices.',
      empty: 'No notices registered.',
      addTitle: 'Add a notice',
      languageLabel: 'Language',
      languageKo: 'Korean',
      languageEn: 'English',
      titleLabel: 'Title',
      contentLabel: 'Content',
      add: 'Add notice',
      adding: 'Adding...',
      added: 'Notice added.',
      addError: 'Error occurred while adding notice.',
      edit: 'Edit',
      editTitle: 'Edit notice',
      save: 'Save',
      saving: 'Saving...',
      saved: 'Notice updated.',
      editError: 'Error occurred while editing notice.',
      deleted: 'Notice deleted.',
      deleteError: 'Error occurred while deleting notice.',
    },
    downloads: {
      title: 'Downloads',
      lead: 'The program and files are available to members. The file marked Latest is the newest version.',
      loginTitle: 'Login required',
      loginBody: 'Please log in to download MyGenie.',
      loginNote:
        'Not a member yet? Register with your e-mail address, verify it, and you can download right away.',
      login: 'Login',
      register: 'Register',
      programTitle: 'MyGenie program',
      programButton: 'Download MyGenie',
      programVersion: 'Version {{version}} · {{size}}',
      programNone:
        'There is no program file to download right now. We will post a notice when a new version is available.',
      filesTitle: 'File list',
      tableCaption: 'Files you can download',
      colName: 'File name',
      colSize: 'Size',
      colDate: 'Uploaded',
      colAction: 'Download',
      version: 'Version {{version}}',
      latest: 'Latest',
      download: 'Download',
      loadError: 'Error occurred while loading file list.',
      empty: 'No files uploaded',
    },
    documents: {
      title: 'My documents',
      lead: 'Documents and backups kept in your MyGenie account storage. Files are stored as they were encrypted on your device.',
      tableCaption: 'Documents in your account storage',
      colName: 'Name',
      colSize: 'Size',
      colDate: 'Updated',
      colAction: 'Actions',
      download: 'Download',
      usage: 'Using {{used}} of {{quota}}',
      empty: 'No documents stored yet. Backups you keep in your MyGenie account storage appear here.',
      loadError: 'Your documents could not be loaded right now. Please try again later.',
      deleted: 'Document deleted.',
      deleteError: 'Error occurred while deleting document.',
    },
    faq: {
      title: 'Frequently asked questions',
      items: [
        {
          question: 'How do I install the program?',
          answer: [
            'After logging in, select “Download MyGenie” and the file is saved to your Downloads folder. If it is an installer (.exe), run it and follow the steps; if it is a ZIP file, unzip it and follow the instructions inside.',
            'The MyGenie app also opens straight in your browser, and you can install it on your desktop or home screen like an app with the browser’s “Install app” or “Add to Home Screen” option.',
          ],
        },
        {
          question: 'What do I need to run MyGenie?',
          answer: [
            'A modern browser such as Chrome, Edge, Safari or Firefox, on Windows, macOS, Android, iPhone or iPad. Keep your browser up to date.',
            'You need an internet connection the first time. After that the app opens and works offline, so you can read and write your records without a network. Signing in and backing up to our server need a connection.',
          ],
        },
        {
          question: 'Why do I need to log in to download?',
          answer: [
            'The program and files are a member service. Limiting downloads to signed-in members lets us make sure the files reach you as published, and lets us reliably tell members about updates and security news.',
            'Registering takes only an e-mail address and a password, and you can download as soon as your e-mail is verified. If the verification mail does not arrive, check your spam folder.',
          ],
        },
        {
          question: 'How do I hear about updates?',
          answer: [
            'New versions and important changes are announced first in the notices on this page. In the download list, the file marked Latest is the newest version.',
            'When the site is updated to a new version, an update message appears at the top of the screen. Reload as it suggests to get the latest pages.',
          ],
        },
      ],
    },
    legal: {
      title: 'Intellectual property',
      lead: 'MyGenie is protected by a patent application, copyright registrations and a trademark application. You can check the details with the official Korean registers.',
      cards: [
        {
          title: 'Patent application filed',
          body: 'A patent application for MyGenie’s core technology has been filed with the Korean Intellectual Property Office. Application records can be searched on KIPRIS.',
          link: 'Search patents on KIPRIS',
        },
        {
          title: 'Copyright registered',
          body: 'The MyGenie program is registered with the Korea Copyright Commission for both the local version and the online/mobile version.',
          link: 'Search the Korea Copyright Commission registry',
        },
        {
          title: 'Trademark application filed',
          body: 'An application for the MyGenie trademark has been filed with the Korean Intellectual Property Office. Trademark records can also be searched on KIPRIS.',
          link: 'Search trademarks on KIPRIS',
        },
      ],
    },
  },
);

export type DownloadCopy = (typeof copy)['ko'];

/** The words of the notices' island (DownloadParts.tsx), in the page's language. */
export type NoticesCopy = Pick<DownloadCopy, 'common' | 'notices'>;

/** The words of the island of the program, its files and the member's documents (DownloadParts.tsx). */
export type FilesCopy = Pick<DownloadCopy, 'common' | 'downloads' | 'documents'>;
