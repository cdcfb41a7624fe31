import { useSyncExternalStore } from 'react';
import { cx } from 'common/cx';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from 'common/ui/icons';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  message: string;
  title?: string;
  variant: ToastVariant;
}

export interface ToastOptions {
  title?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; 0 keeps it until dismissed. 4000 by default. */
  duration?: number;
}

// Module state, shared by every app through the `common` singleton: any remote can toast and
// the shell's one <Toaster /> shows it.
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const MAX_TOASTS = 3;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Removes a toast. */
export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
}

/** Shows a short message in the page's live region; returns its id. */
export function showToast(message: string, options: ToastOptions = {}): number {
  const { title, variant = 'default', duration = 4000 } = options;
  const toast: Toast = { id: nextId++, message, variant, ...(title ? { title } : {}) };
  emit([...toasts, toast].slice(-MAX_TOASTS));
  if (duration > 0) setTimeout(() => dismissToast(toast.id), duration);
  return toast.id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const icons = { default: InfoIcon, success: CheckCircleIcon, destructive: AlertCircleIcon };

/**
 * The live region that shows toasts; mount it once (the shell's layout does). Always rendered,
 * so screen readers notice what is added to it.
 */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <section aria-label="Notifications" className="ui-toaster">
      <ol aria-live="polite" aria-relevant="additions text" className="ui-toaster__list">
        {current.map((toast) => {
          const Icon = icons[toast.variant];
          return (
            <li
              key={toast.id}
              role={toast.variant === 'destructive' ? 'alert' : undefined}
              className={cx('ui-toast', `ui-toast--${toast.variant}`)}
            >
              <Icon className="ui-toast__icon" size={18} />
              <div className="ui-toast__body">
                {toast.title ? <p className="ui-toast__title">{toast.title}</p> : null}
                <p className="ui-toast__message">{toast.message}</p>
              </div>
              <button
                type="button"
                className="ui-toast__close"
                aria-label="Dismiss notification"
                onClick={() => dismissToast(toast.id)}
              >
                <XIcon size={14} />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
