// What a shared space is shown by besides its name (docs/spaces-plan.md §5): one of a fixed palette, so a space's
// colour is a word every device and every version draws the same way, never a value a member could make unreadable
// (the chip always shows the name too: colour is never the only cue).

/** The eight colours a space may have, by name; the app maps each to its light and dark shades. */
export const SPACE_COLOURS = ['coral', 'amber', 'lime', 'teal', 'sky', 'indigo', 'violet', 'rose'] as const;
export type SpaceColour = (typeof SPACE_COLOURS)[number];

/** The longest a space's name may be, in characters (code points, so 40 Korean syllables fit as 40 letters do). */
export const SPACE_NAME_MAX = 40;

/** A space's id: 16 random bytes in lowercase hex, as the server's `spaces.id` (varchar(32)) holds it. */
export const SPACE_ID = /^[0-9a-f]{32}$/;

/** Which space a record is in, as the lists and the backups name it (the id, and what the members called it). */
export interface SpaceTag {
  id: string;
  name: string;
  colour: SpaceColour;
}

export function isSpaceColour(value: unknown): value is SpaceColour {
  return (SPACE_COLOURS as readonly unknown[]).includes(value);
}

/** A name a space may have: not blank, at most SPACE_NAME_MAX characters. */
export function isSpaceName(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && [...value].length <= SPACE_NAME_MAX;
}
