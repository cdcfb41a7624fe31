import { useEffect, useEffectEvent, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * The one modal on screen (SPEC.md §4: only one modal dialog at a time; opening a new one
 * dismisses the old). The shell and every remote see this same module because it is only ever
 * imported as `common/modal`, a shared federation singleton (hence `common/...` specifiers,
 * never relative paths, between common's own modules).
 */
interface ModalEntry {
  element: HTMLDialogElement;
  /** Where focus returns when this modal closes. */
  opener: HTMLElement | null;
  dismiss: () => void;
}

let activeModal: ModalEntry | null = null;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function show(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  // jsdom and very old browsers lack showModal: fall back to a plain open dialog.
  if (typeof dialog.showModal === 'function') {
    try {
      dialog.showModal();
      return;
    } catch {
      // Not connected yet or already shown non-modally: use the attribute below.
    }
  }
  dialog.setAttribute('open', '');
}

function hide(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** Focus lands on `[data-autofocus]`, else the first control of the body, else the dialog. */
function focusInitial(dialog: HTMLDialogElement): void {
  const target =
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>(`.ui-dialog__body :is(${FOCUSABLE})`) ??
    dialog.querySelector<HTMLElement>(FOCUSABLE) ??
    dialog;
  target.focus();
}

export interface ModalOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A click on the backdrop closes the modal. */
  closeOnBackdrop: boolean;
}

/**
 * Drives a native `<dialog>` as a modal: showModal() while `open`, Esc and (optionally) the
 * backdrop ask to close, focus returns to the opener, page scroll is locked, and opening it
 * dismisses whichever modal was open.
 */
export function useModalDialog({
  open,
  onOpenChange,
  closeOnBackdrop,
}: ModalOptions): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const requestClose = useEffectEvent(() => onOpenChange(false));
  const backdropCloses = useEffectEvent(() => closeOnBackdrop);

  useEffect(() => {
    if (!open) return;
    const dialog = ref.current;
    if (!dialog) return;

    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previous = activeModal;
    // Opened from inside the modal it replaces: focus later returns to what opened that one.
    const opener =
      previous && focused && previous.element.contains(focused) ? previous.opener : focused;
    const entry: ModalEntry = { element: dialog, opener, dismiss: () => requestClose() };
    activeModal = entry;
    previous?.dismiss();

    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      requestClose();
    };
    // Closed by the browser itself (e.g. a repeated Esc): bring React's state along.
    const onClose = () => requestClose();
    let pressedOnBackdrop = false;
    const onPointerDown = (event: MouseEvent) => {
      pressedOnBackdrop = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      if (pressedOnBackdrop && event.target === dialog && backdropCloses()) requestClose();
      pressedOnBackdrop = false;
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('mousedown', onPointerDown);
    dialog.addEventListener('click', onClick);

    show(dialog);
    document.documentElement.classList.add('ui-scroll-lock');
    focusInitial(dialog);

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('mousedown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      if (activeModal === entry) {
        activeModal = null;
        document.documentElement.classList.remove('ui-scroll-lock');
      }
      const focusNow = document.activeElement;
      const focusWasInside = !focusNow || focusNow === document.body || dialog.contains(focusNow);
      hide(dialog);
      // Only take focus back when it is not already in the modal that replaced this one.
      if (focusWasInside && opener?.isConnected) opener.focus();
    };
  }, [open]);

  return ref;
}
