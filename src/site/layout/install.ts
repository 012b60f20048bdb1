// "Create a desktop shortcut": the browser's install prompt when it offers one.
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    listeners.forEach((listener) => listener());
  });
}

/** Shows the browser's prompt; 'unsupported' when the browser offers none (or the app is installed). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unsupported'> {
  const event = deferred;
  if (!event) return 'unsupported';
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  listeners.forEach((listener) => listener());
  return choice.outcome;
}
