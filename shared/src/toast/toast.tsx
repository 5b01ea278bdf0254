import { useSyncExternalStore } from 'react';

const TOAST_AUTO_CLOSE_MS = 5000;

type Toastify = typeof import('react-toastify');

/**
 * react-toastify (10 KB gzip) is fetched with the first toast, not with the first page: most page views show none.
 * Toasts raised before the container has mounted wait in react-toastify's own queue.
 */
let toastifyRequest: Promise<Toastify> | null = null;
let loadedToastify: Toastify | null = null;
const loadListeners = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  toastifyRequest ??= import('react-toastify').then(
    (toastify) => {
      loadedToastify = toastify;
      loadListeners.forEach((notify) => notify());
      return toastify;
    },
    (error: unknown) => {
      // Forgotten, so the next toast fetches it again.
      toastifyRequest = null;
      throw error;
    },
  );
  return toastifyRequest;
}

function subscribeToLoad(notify: () => void): () => void {
  loadListeners.add(notify);
  return () => loadListeners.delete(notify);
}

/** The app's one toast container (the shell renders it); toasts from any remote reach it because react-toastify is a shared singleton. */
export function CampusCareToasts() {
  const toastify = useSyncExternalStore(
    subscribeToLoad,
    () => loadedToastify,
    () => null,
  );
  if (!toastify) return null;
  return (
    <toastify.ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
    />
  );
}

function show(kind: 'success' | 'error', message: string): void {
  loadToastify().then(
    ({ toast }) => toast[kind](message),
    (error: unknown) => console.warn(`[campuscare] could not show the message "${message}"`, error),
  );
}

export function notifySuccess(message: string): void {
  show('success', message);
}

export function notifyError(message: string): void {
  show('error', message);
}
