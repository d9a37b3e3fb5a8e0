import type { SessionUser } from '@vitrine/contract';
import { type ComponentType, useEffect, useState } from 'react';
import { onChatOpenRequest } from '../../lib/badges';
import { onShareRequest } from '../../lib/chat-share';
import { showErrorToast } from '../../lib/toast';
import { i18n } from '../../lib/i18n';
import type { ChatHostProps } from './components/ChatHost';

/**
 * The chat's only code in the layout: it loads the chat (its own chunk, docs/decisions/0038)
 * when the side bar's button or a product share asks for it, or once the page has settled, so
 * the unread badge shows on every page without the chat weighing on the first load.
 */

/** The chat connects for the badge this long after the page finished loading. */
const SETTLE_MS = 3000;

let loading: Promise<ComponentType<ChatHostProps>> | null = null;
function loadHost(): Promise<ComponentType<ChatHostProps>> {
  loading ??= import('./components/ChatHost').then(
    (m) => m.default,
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Runs `fn` once the page has loaded, settled and the browser is idle; returns a cancel. */
function whenSettled(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const later = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(fn, { timeout: 5000 });
      else fn();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

export function ChatLauncher({ user }: { user: SessionUser }) {
  const [Host, setHost] = useState<ComponentType<ChatHostProps> | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let alive = true;
    const load = () =>
      loadHost().then((H) => {
        if (alive) setHost(() => H);
      });
    const openChat = () => {
      load().then(
        () => alive && setOpen(true),
        () => showErrorToast(i18n.t('web.errors.failedToStart')),
      );
    };
    const stops = [
      onChatOpenRequest(openChat),
      onShareRequest(openChat),
      whenSettled(() => {
        load().catch(() => {
          // The badge waits for the next page; a click tries again and says so if it fails.
        });
      }),
    ];
    return () => {
      alive = false;
      stops.forEach((s) => s());
    };
  }, []);

  const close = () => {
    setOpen(false);
    // Back to the button that opened it.
    document.querySelector<HTMLElement>('[data-chat-button]')?.focus();
  };

  return Host ? <Host user={user} open={open} onClose={close} /> : null;
}
