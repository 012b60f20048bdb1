// A CSV file chosen for import, before the parser sees it: its size limit and its text encoding.

/** Checked before reading, so a wrong file (a video, a backup) is refused at once. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * The file's text. UTF-8 (with or without BOM) is what MyGenie and most spreadsheets write; Korean Excel
 * saves "CSV" in the legacy code page 949 (EUC-KR), so bytes that are not valid UTF-8 are read as that.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}
