// The fortune's content (signs, pillars, cards, reading phrases) is written in both languages side by side, one
// Bilingual per name or sentence; the embed shows the side of its language.
export interface Bilingual {
  readonly ko: string;
  readonly en: string;
}
