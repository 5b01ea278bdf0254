import { ToastContainer, toast } from 'react-toastify';

export const TOAST_AUTO_CLOSE_MS = 5000;

/** The app's one toast container (the shell renders it); toasts from any remote reach it because react-toastify is a shared singleton. */
export function CampusCareToasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} />;
}

export function notifySuccess(message: string): void {
  toast.success(message);
}

export function notifyError(message: string): void {
  toast.error(message);
}
