// A file's MIME type from its name, for the attachments of exports that do not say (KeePass, 1Password).
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain',
  zip: 'application/zip',
};

/** The type its extension says, or '' when it says none we know. */
export function mimeTypeOf(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) || '';
}
