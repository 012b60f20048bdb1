// A part of a page whose code could not be loaded (a new release replaced it, or the network dropped) says so in
// place, with a button that reloads the page: the same message as the whole page's ChunkErrorBoundary, built
// without React, since the part that failed is what would have rendered it.
import { words } from '../../shared/i18n/words/chunk-error.js';
import { pageLanguage } from './page-language.js';

/** Puts the reload message in `place` (a part of the page), or at the end of the page's main content. */
export function showChunkError(place?: Element | null): void {
  const text = words[pageLanguage()];
  const note = document.createElement('section');
  note.className = 'section section--narrow';
  note.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.textContent = text.title;
  const body = document.createElement('p');
  body.textContent = text.body;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button--primary';
  reload.textContent = text.reload;
  reload.addEventListener('click', () => window.location.reload());
  note.append(title, body, reload);
  (place ?? document.getElementById('main') ?? document.body).append(note);
}
