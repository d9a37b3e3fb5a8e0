import { ErrorCode, langCodeOf } from '@vitrine/contract';
import { LiveSocket } from '@vitrine/web-core/live-socket';
import { useEffect } from 'react';
import { useUser } from '../../app/layout/useShowroom';
import { callApi, isApiError } from '../../lib/api-client';
import { activeLanguage } from '../../lib/i18n';
import { onSessionEnd } from '../../lib/session-events';
import * as storage from '../../lib/storage';
import { refreshOrders } from './api';

/**
 * The order screens hear of order changes on the chat socket (`order_changed`: an order of this
 * buyer moved or changed) and ask their queries again, so a receipt confirmed by the exporter
 * shows without a reload. They open a listening connection of their own while one of them is on
 * screen, whether or not the chat is open (decision 0043); focus still refreshes as a fallback.
 */

/** Kept this long after the last order screen goes, so moving between them keeps the connection. */
const LINGER_MS = 10_000;

let current: {
  chatId: string;
  socket: LiveSocket;
  users: number;
  linger?: ReturnType<typeof setTimeout>;
} | null = null;

function connect(chatId: string, signature: string | null): LiveSocket {
  let readyBefore = false;
  const socket = new LiveSocket({
    login: () => {
      const site = storage.getSite();
      const token = storage.getToken();
      if (!site || !token) return null;
      const lang = activeLanguage();
      return { website_id: site.id, token, ...(lang ? { lang: langCodeOf(lang) } : {}) };
    },
    sign: async () => {
      try {
        return (await callApi('create_user_sig', { chat_id: chatId }, { silent: true })).user_sig;
      } catch (e) {
        // -2: the session ended (the api client sends the buyer to log in); anything else: later.
        if (isApiError(e) && e.code === ErrorCode.SESSION_INVALID) return null;
        throw e;
      }
    },
    signature,
    onFrame: (frame) => {
      if (frame.type === 'order_changed') void refreshOrders();
      // Back after a drop: whatever changed meanwhile was told to no one.
      if (frame.type === 'ready') {
        if (readyBefore) void refreshOrders();
        readyBefore = true;
      }
    },
  });
  socket.start();
  return socket;
}

function stop() {
  if (!current) return;
  clearTimeout(current.linger);
  current.socket.stop();
  current = null;
}

/** Holds the connection for one screen; the returned function lets go of it. */
export function watchOrders(chatId: string, signature: string | null): () => void {
  if (current?.chatId !== chatId) {
    stop();
    current = { chatId, socket: connect(chatId, signature), users: 0 };
  }
  const held = current;
  clearTimeout(held.linger);
  held.users++;
  return () => {
    held.users--;
    if (held.users > 0 || current !== held) return;
    held.linger = setTimeout(() => {
      if (current === held && held.users === 0) stop();
    }, LINGER_MS);
  };
}

onSessionEnd(stop);

/** Each order screen calls it: order changes refresh what it shows while it is on screen. */
export function useOrderChanges(): void {
  const user = useUser();
  const chatId = user?.chat_id ?? null;
  const signature = user?.chat_user_sig ?? null;
  useEffect(() => {
    // Customers without a chat id (none since migration 0013) fall back on focus.
    if (!chatId) return;
    // A renewed signature keeps the connection (same chat id): it is read only when connecting.
    return watchOrders(chatId, signature);
  }, [chatId, signature]);
}
