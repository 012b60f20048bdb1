// The home page's six app tiles, an island woken as a visitor reaches for one: each opens its screen of the app in
// a new tab, or says to log in first (description §5).
import { type AppPage } from '../../shared/constants.js';
import { useOpenApp } from '../layout/open-app.js';
import { Icon } from '../ui/icons.js';

/** A tile: the app's screen it opens, and its words in the page's language. */
export interface HomeTile {
  page: AppPage;
  title: string;
  body: string;
}

export function HomeTiles({ tiles }: { tiles: readonly HomeTile[] }) {
  const openApp = useOpenApp();
  return (
    <ul className="tiles">
      {tiles.map((tile) => (
        <li key={tile.page}>
          <button type="button" className="tile" onClick={() => openApp(tile.page)}>
            <span className="tile__icon">
              <Icon name={tile.page} />
            </span>
            <span className="tile__title">{tile.title}</span>
            <span className="tile__body">{tile.body}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
