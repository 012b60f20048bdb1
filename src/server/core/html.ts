// Text placed in HTML the server writes (mails, the pages' titles and descriptions).
/** `value` as HTML text or an attribute's value in double or single quotes. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
