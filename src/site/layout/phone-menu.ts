// The phone menu's button (below 1280 px the navigation folds behind it): static HTML on every page, answered
// without any island's code — by the islands' runtime on a prerendered page, by the button's own handler in the
// whole-page tree — so a tap opens the menu at once, not after the header's code arrives. Esc closes the open menu
// and puts the focus back on its button (an open dialog takes Esc first).

/** The id of the navigation the button opens. */
export const MAIN_NAV_ID = 'main-nav';

let listening = false;

function onEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
  const button = document.querySelector<HTMLButtonElement>('button[data-phone-menu][aria-expanded="true"]');
  if (!button) return;
  // The menu is what was opened last: the same Esc does not also close the fairy (which hears it on window).
  event.stopPropagation();
  setPhoneMenu(button, false);
  button.focus();
}

/** Opens or closes the menu `button` controls; its name and sign follow. */
export function setPhoneMenu(button: HTMLButtonElement, open: boolean): void {
  document.getElementById(MAIN_NAV_ID)?.classList.toggle('nav--open', open);
  button.setAttribute('aria-expanded', String(open));
  const label = open ? button.dataset.closeLabel : button.dataset.openLabel;
  if (label) button.setAttribute('aria-label', label);
  const sign = button.querySelector('[aria-hidden]');
  if (sign) sign.textContent = open ? '×' : '☰';
  if (open && !listening) document.addEventListener('keydown', onEscape);
  if (!open && listening) document.removeEventListener('keydown', onEscape);
  listening = open;
}

/** The button's click: the menu opens if closed, closes if open. */
export function togglePhoneMenu(event: { currentTarget: EventTarget | null }): void {
  const button = event.currentTarget;
  if (button instanceof HTMLButtonElement)
    setPhoneMenu(button, button.getAttribute('aria-expanded') !== 'true');
}
