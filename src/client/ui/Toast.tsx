// Short messages that disappear by themselves after TOAST_MS. The app's screens show them through a ToastProvider;
// the website's parts, each rendered on its own, write into the page's one region (web/index.html) directly.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_MS } from '../../shared/constants.js';

let pageTimer: number | undefined;

/**
 * Shows a message in the page's own live region (`#toast-region`, in the HTML before any script, so a screen
 * reader is already listening to it): what a part of the website rendered without a ToastProvider uses.
 */
export function showToast(message: string): void {
  const region = document.getElementById('toast-region');
  if (!region) return;
  window.clearTimeout(pageTimer);
  const toast = document.createElement('div');
  toast.className = 'toast';
  toast.textContent = message;
  region.replaceChildren(toast);
  pageTimer = window.setTimeout(() => region.replaceChildren(), TOAST_MS);
}

const ToastContext = createContext<(message: string) => void>(showToast);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((next: string) => {
    window.clearTimeout(timer.current);
    setMessage(next);
    timer.current = window.setTimeout(() => setMessage(null), TOAST_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {message && <div className="toast">{message}</div>}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (message: string) => void {
  return useContext(ToastContext);
}
