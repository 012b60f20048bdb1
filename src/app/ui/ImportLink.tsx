// An empty list's way in for a member arriving with years of data elsewhere: the import screen, one tap away.
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';
import { openScreen } from './open-screen.js';

export function ImportLink() {
  const text = useText(shellText);
  return (
    <a
      className="button button--ghost button--small empty__import"
      href="?page=import"
      onClick={(event) => {
        event.preventDefault();
        openScreen('import');
      }}
    >
      {text.nav.importFrom}
    </a>
  );
}
