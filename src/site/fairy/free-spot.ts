// Where the fairy floats until it is moved: a place in the window that covers none of the page's controls (on a
// phone it used to sit on the hero's Login and Register buttons). A corner if one is clear, else the clear place
// nearest to where it was, else the place covering least. It stays while its place is clear, and looks again when
// the window changes size, the page settles after a scroll, or the page's content changes.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../shared/constants.js';

export interface Point {
  x: number;
  y: number;
}

const CONTROLS =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';
/** A scroll is over when no scroll event came for this long; moving during a scroll would chase the finger. */
const SCROLL_SETTLED_MS = 150;
/** The step between the heights tried along the window's sides. */
const SLOT_STEP_PX = 8;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The range of the fairy's top-left corner: inside the window and below the sticky header. */
function rangeFor(width: number, height: number): Box {
  const margin = window.innerWidth < MOBILE_BREAKPOINT_PX ? 8 : 16;
  const header = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
  const top = Math.max(0, header) + margin;
  const left = margin;
  return {
    top,
    bottom: Math.max(top, window.innerHeight - height - margin),
    left,
    right: Math.max(left, window.innerWidth - width - margin),
  };
}

/** Bottom-left first (where it always sat), then the other corners. */
function corners(range: Box): Point[] {
  return [
    { x: range.left, y: range.bottom },
    { x: range.right, y: range.bottom },
    { x: range.right, y: range.top },
    { x: range.left, y: range.top },
  ];
}

/** Places along the left and right sides, from the top down. */
function sides(range: Box): Point[] {
  const points: Point[] = [];
  for (const x of range.left === range.right ? [range.left] : [range.left, range.right]) {
    for (let y = range.top; y < range.bottom; y += SLOT_STEP_PX) points.push({ x, y });
    points.push({ x, y: range.bottom });
  }
  return points;
}

function inRange(point: Point, range: Box): boolean {
  return (
    point.x >= range.left - 1 &&
    point.x <= range.right + 1 &&
    point.y >= range.top - 1 &&
    point.y <= range.bottom + 1
  );
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The boxes of the controls a person can see in the window, leaving out the fairy's own and an open dialog's. */
function visibleControls(own: HTMLElement): Box[] {
  const boxes: Box[] = [];
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (own.contains(control) || control.closest('dialog')) continue;
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth) {
      continue;
    }
    if (getComputedStyle(control).visibility === 'hidden') continue;
    boxes.push(box);
  }
  return boxes;
}

/** Where `own` goes next, from where it is (`previous`, null at first). */
function choose(own: HTMLElement, previous: Point | null): Point {
  const { width, height } = own.getBoundingClientRect();
  const range = rangeFor(width, height);
  const controls = visibleControls(own);
  const covered = (point: Point) => {
    const box = { left: point.x, top: point.y, right: point.x + width, bottom: point.y + height };
    return controls.reduce((sum, control) => sum + overlap(box, control), 0);
  };
  if (previous && inRange(previous, range) && covered(previous) === 0) return previous;
  const clearCorner = corners(range).find((point) => covered(point) === 0);
  if (clearCorner) return clearCorner;
  const anchor = previous ?? corners(range)[0]!;
  let best = { point: anchor, area: Infinity, away: Infinity };
  for (const point of [...corners(range), ...sides(range)]) {
    const area = covered(point);
    const away = distance(point, anchor);
    if (area < best.area || (area === best.area && away < best.away)) best = { point, area, away };
  }
  return best.point;
}

/**
 * The place for `element` (null until measured), or null while `enabled` is false. `layout` names what the
 * element shows (a change re-measures it).
 */
export function useFreeSpot(
  element: RefObject<HTMLElement | null>,
  enabled: boolean,
  layout: string,
): Point | null {
  const [spot, setSpot] = useState<Point | null>(null);

  useLayoutEffect(() => {
    if (!enabled) return;
    let pending = 0;
    let settle = 0;
    const place = () => {
      pending = 0;
      const own = element.current;
      if (!own) return;
      setSpot((previous) => {
        const next = choose(own, previous);
        return previous && distance(previous, next) < 1 ? previous : next;
      });
    };
    const soon = () => {
      if (!pending) pending = window.requestAnimationFrame(place);
    };
    const afterScroll = () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(soon, SCROLL_SETTLED_MS);
    };
    place();
    window.addEventListener('resize', soon);
    window.addEventListener('scroll', afterScroll, { passive: true });
    // The hero's buttons appear once the session is known; a line of the guide changes the bubble's height.
    const changes = new MutationObserver(soon);
    changes.observe(document.body, { childList: true, subtree: true, characterData: true });
    const resized = new ResizeObserver(soon);
    if (element.current) resized.observe(element.current);
    return () => {
      window.removeEventListener('resize', soon);
      window.removeEventListener('scroll', afterScroll);
      changes.disconnect();
      resized.disconnect();
      window.clearTimeout(settle);
      if (pending) window.cancelAnimationFrame(pending);
    };
  }, [element, enabled, layout]);

  return enabled ? spot : null;
}
