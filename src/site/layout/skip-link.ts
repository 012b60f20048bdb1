// The skip link moves the focus itself: following #main alone leaves it where it was once the address already
// ends in #main (a second use), and the next Tab would start over at the top.

/** The skip link's click: the focus goes to the main content. */
export function skipToMain(event: Pick<MouseEvent, 'preventDefault'>): void {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
}
