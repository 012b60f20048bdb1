// The words the lists, forms and filters say of shared spaces: which space a record is in ("나만 보기" for the
// member's own), where a new one goes, which ones a list shows, the colours' and roles' names. The spaces' own
// screens (modules/spaces/) say the rest.
import { defineText } from '../../../client/text.js';

export const spaceTagText = defineText(
  {
    mine: '나만 보기',
    chip: {
      space: '공유 공간 {{name}}',
      from: '{{name}}에서 가져옴',
      fromLabel: '공유 공간 {{name}}에서 복원한 기록, 지금은 나만 보기',
      unnamed: '아직 열리지 않은 공간',
    },
    picker: {
      label: '누구와 볼까요',
      hint: '보기만 가능한 공간에는 추가할 수 없습니다.',
      moveHint: '다른 공간으로 옮기면 그 공간의 구성원이 보게 됩니다.',
    },
    filter: {
      label: '공간별 보기',
      all: '전체',
    },
    totals: {
      label: '공간별 합계',
      all: '전체',
      running: '누적 {{amount}}',
    },
    colours: {
      coral: '산호색',
      amber: '호박색',
      lime: '연두색',
      teal: '청록색',
      sky: '하늘색',
      indigo: '남색',
      violet: '보라색',
      rose: '장미색',
    },
    roles: {
      owner: '소유자',
      editor: '편집 가능',
      viewer: '보기만 가능',
    },
    viewerNote: '이 공간은 보기만 할 수 있어 추가, 수정, 삭제할 수 없습니다.',
  },
  {
    mine: 'Only me',
    chip: {
      space: 'Shared space {{name}}',
      from: 'from {{name}}',
      fromLabel: 'Restored from the shared space {{name}}, now only yours',
      unnamed: 'A space not opened yet',
    },
    picker: {
      label: 'Shared with',
      hint: 'Spaces where you can only view are not offered.',
      moveHint: 'Moving it to another space shows it to that space’s members.',
    },
    filter: {
      label: 'Show by space',
      all: 'All',
    },
    totals: {
      label: 'Totals by space',
      all: 'All',
      running: 'Running {{amount}}',
    },
    colours: {
      coral: 'Coral',
      amber: 'Amber',
      lime: 'Lime',
      teal: 'Teal',
      sky: 'Sky',
      indigo: 'Indigo',
      violet: 'Violet',
      rose: 'Rose',
    },
    roles: {
      owner: 'Owner',
      editor: 'Can edit',
      viewer: 'Can view',
    },
    viewerNote: 'You can view this space, but not add, edit or delete in it.',
  },
);

export type SpaceTagCopy = (typeof spaceTagText)['ko'];
