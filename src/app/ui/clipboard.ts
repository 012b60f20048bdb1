// Copying a secret (an account number, a password): the clipboard is cleared again after 30 s, as password
// managers do, where the browser allows it — it may refuse while the page has no focus, and then the value stays.
// Something else copied in the meantime is left alone where the page may read the clipboard to tell.

export const CLIPBOARD_CLEAR_MS = 30_000;

let pending: ReturnType<typeof setTimeout> | undefined;

/** Puts `value` on the clipboard and clears it after CLIPBOARD_CLEAR_MS; throws when the browser refuses. */
export async function copySecret(value: string, clearAfterMs = CLIPBOARD_CLEAR_MS): Promise<void> {
  // navigator.clipboard is missing outside secure contexts; that throws too.
  await navigator.clipboard.writeText(value);
  clearTimeout(pending);
  pending = setTimeout(() => void clearIfStill(value), clearAfterMs);
}

async function clearIfStill(value: string): Promise<void> {
  pending = undefined;
  try {
    if (await mayRead()) {
      const current = await navigator.clipboard.readText();
      if (current !== value) return;
    }
    await navigator.clipboard.writeText('');
  } catch {
    // Refused (the page is not focused, or reading was denied): nothing more a web page can do.
  }
}

/** Whether reading the clipboard is already allowed (asking would show the member a prompt out of nowhere). */
async function mayRead(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}
