// Line icons drawn for MyGenie (24×24, currentColor).
import type { AppPage } from '../../shared/constants.js';

const PATHS = {
  schedule: 'M4 6h16v14H4z M4 10h16 M8 3v5 M16 3v5 M8 14h3 M13 14h3 M8 17h3',
  diary: 'M6 3h10l3 3v15H6z M9 9h7 M9 13h7 M9 17h4',
  personal: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  documents: 'M4 6h6l2 2h8v12H4z M4 10h16',
  ledger: 'M4 5h16v14H4z M4 9h16 M8 13h4 M15 13h1 M8 16h4 M15 16h1',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M12 2v3 M12 19v3 M2 12h3 M19 12h3 M4.9 4.9l2.1 2.1 M17 17l2.1 2.1 M4.9 19.1L7 17 M17 7l2.1-2.1',
  lock: 'M6 11h12v10H6z M8 11V8a4 4 0 0 1 8 0v3 M12 15v2',
  key: 'M14 10a4 4 0 1 0-3.5 4L8 16.5V19h2.5v-2h2v-2h1.5L15 14a4 4 0 0 0-1-4z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
  cloud: 'M7 18a4 4 0 0 1-.5-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9z M12 11v5 M10 14l2 2 2-2',
  offline: 'M2 9a15 15 0 0 1 20 0 M5 12.5a10 10 0 0 1 14 0 M8.5 16a5 5 0 0 1 7 0 M12 19.5h.01 M3 3l18 18',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  device: 'M5 5h14v10H5z M3 19h18 M10 15v4 M14 15v4',
  restore: 'M3 12a9 9 0 1 0 3-6.7 M3 4v5h5 M12 8v4l3 2',
  bug: 'M9 9h6v7a3 3 0 0 1-6 0z M9.5 9a2.5 2.5 0 0 1 5 0 M4 12h5 M15 12h5 M5 18l4-2 M19 18l-4-2 M5 7l4 2.5 M19 7l-4 2.5',
  idea: 'M9 18h6 M10 21h4 M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z',
  mail: 'M3 6h18v12H3z M3 7l9 6 9-6',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z M11 18h2',
} satisfies Record<AppPage, string> & Record<string, string>;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
