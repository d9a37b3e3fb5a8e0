import type { ComponentType } from 'react';
import { useSyncExternalStore } from 'react';
import type { DialogProps } from './components/ImageSearchDialog';

/**
 * Whether the image-search dialog is open, and its code once loaded. The dialog and its crop
 * library are a chunk of their own, fetched on the first click (docs/decisions/0020): never in
 * the first load of a page. The state lives outside React so that the camera button may sit in a
 * panel that closes (the phone menu) while the dialog it opened stays.
 */

export interface LauncherState {
  opened: boolean;
  /** The first click waits for the dialog's code. */
  loading: boolean;
  Dialog: ComponentType<DialogProps> | null;
}

let state: LauncherState = { opened: false, loading: false, Dialog: null };
/** The camera button that opened the dialog: focus goes back to it when the dialog closes. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<LauncherState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

let loading: Promise<ComponentType<DialogProps>> | null = null;

/** Fetches the dialog's code (once; again after a failure). Hovering the camera button starts it early. */
export function preloadImageSearch(): Promise<ComponentType<DialogProps>> {
  loading ??= import('./components/ImageSearchDialog').then(
    (m) => m.default,
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/**
 * Opens the dialog, loading its code first if needed. Rejects when the code cannot be loaded
 * (the caller tells the buyer). `from` is the button pressed, which gets the focus back.
 */
export async function openImageSearch(from?: HTMLElement | null): Promise<void> {
  opener = from ?? null;
  if (state.Dialog) {
    set({ opened: true });
    return;
  }
  set({ loading: true });
  try {
    const Dialog = await preloadImageSearch();
    set({ Dialog, opened: true, loading: false });
  } catch (e) {
    set({ loading: false });
    throw e;
  }
}

/**
 * Closes the dialog; with `returnFocus`, focus goes back to the button that opened it. Mantine's
 * own return remembers the focus only when `opened` changes on a mounted dialog, and the first
 * dialog mounts already open (its code arrives on the first click): focus fell to the page body.
 */
export function closeImageSearch(returnFocus = false): void {
  set({ opened: false });
  const back = opener;
  opener = null;
  // Once the dialog has let go of the focus (its trap ends as it closes).
  if (returnFocus && back) window.setTimeout(() => back.focus(), 10);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useImageSearchLauncher(): LauncherState {
  return useSyncExternalStore(subscribe, () => state);
}
