import type { ChatMessage, MsgContent } from '@vitrine/contract';
import type { StaffConnection, StaffSocketEvents } from '../staff-socket';

/** The console's chat connection in memory: the test plays the buyer and the server. */
export class FakeStaffSocket {
  state: StaffConnection = 'online';
  online = true;
  sent: Array<{ gid: string; chatId: string; content: MsgContent }> = [];
  typingSeen: Array<[string, boolean]> = [];
  reads: Array<[string, number]> = [];
  private nextId = 500;
  private readonly listeners = new Map<string, Set<unknown>>();

  on<E extends keyof StaffSocketEvents>(event: E, listener: StaffSocketEvents[E]): () => void {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends keyof StaffSocketEvents>(event: E, ...args: Parameters<StaffSocketEvents[E]>): void {
    for (const l of this.listeners.get(event) ?? [])
      (l as (...a: Parameters<StaffSocketEvents[E]>) => void)(...args);
  }

  send(gid: string, chatId: string, mainChatId: string, content: MsgContent): Promise<ChatMessage> {
    this.sent.push({ gid, chatId, content });
    if (!this.online) return Promise.reject(new Error('offline'));
    return Promise.resolve({
      id: this.nextId++,
      chat_id: chatId,
      main_chat_id: mainChatId,
      from_chat_id: 'staff-1',
      from: 'staff',
      from_name: 'Ann',
      msg_content: content,
      created_time: Date.now(),
      status: 0,
      gid,
    });
  }

  typing(chatId: string, _main: string, on: boolean): void {
    this.typingSeen.push([chatId, on]);
  }

  read(chatId: string, _main: string, upTo: number): void {
    this.reads.push([chatId, upTo]);
  }
}
