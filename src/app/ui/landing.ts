// Opening a screen at a place further down it (the settings' sync panel, its conflict list): the place is found
// once the screen has drawn (a screen's code may still be loading), scrolled to and given focus, so the member and
// a screen reader land where the button said.

const LANDING_WAIT_MS = 10_000;
const LOOK_EVERY_MS = 50;

let landing: ReturnType<typeof setTimeout> | null = null;

/** A place to land on: the element given focus, and the one brought into view (itself unless told). */
export interface Landing {
  focus: string;
  show?: string;
}

/**
 * Lands on the first of `places` on the page (in the order given, so a place that may be missing can name where
 * to land instead), as soon as any of them is there. A newer landing or `cancelLanding` replaces it.
 */
export function landOn(places: readonly Landing[]): void {
  cancelLanding();
  const until = Date.now() + LANDING_WAIT_MS;
  const look = () => {
    landing = null;
    const place = places.find((candidate) => document.getElementById(candidate.focus) !== null);
    if (place) {
      const target = document.getElementById(place.focus)!;
      (document.getElementById(place.show ?? place.focus) ?? target).scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
      return;
    }
    if (Date.now() < until) landing = setTimeout(look, LOOK_EVERY_MS);
  };
  look();
}

export function cancelLanding(): void {
  if (landing) clearTimeout(landing);
  landing = null;
}
