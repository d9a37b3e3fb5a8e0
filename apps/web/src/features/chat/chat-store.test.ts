import { describe, expect, it } from 'vitest';
import { ChatStore } from './chat-store';
import { FakeTransport, stored } from './test/fake-transport';

function setUp(transport = new FakeTransport()) {
  const badge: number[] = [];
  let n = 0;
  const store = new ChatStore(transport, {
    newId: () => `local-${String(++n).padStart(4, '0')}`,
    onUnread: (c) => badge.push(c),
  });
  store.start();
  return { store, transport, badge, items: () => store.getState().items };
}

const text = (content: string) => ({ content: [{ type: 'text' as const, content }] });

describe('the chat store', () => {
  it('shows a message at once and marks it sent once stored', async () => {
    const { store, items } = setUp();
    const sending = store.send(text('hello'));
    expect(items()[0]).toMatchObject({ status: 'sending', mine: true });
    await sending;
    expect(items()[0]).toMatchObject({ status: 'sent', id: 1000 });
  });

  it('marks a message it could not store as failed, and resends it under the same id on a click', async () => {
    const { store, transport, items } = setUp();
    transport.online = false;
    expect(await store.send(text('hello'))).toBe(false);
    expect(items()[0]).toMatchObject({ status: 'failed', failure: 'message' });
    transport.online = true;
    expect(await store.resend(items()[0]?.key ?? '')).toBe(true);
    expect(items()[0]).toMatchObject({ status: 'sent' });
    expect(transport.sent.map((s) => s.gid)).toEqual(['local-0001', 'local-0001']);
    expect(transport.messages).toHaveLength(1);
  });

  it('resends failed messages by itself when the connection returns', async () => {
    const { store, transport, items } = setUp();
    transport.setConnection('offline');
    await store.send(text('one'));
    await store.send(text('two'));
    transport.setConnection('online');
    await Promise.resolve();
    await Promise.resolve();
    expect(items().map((i) => i.status)).toEqual(['sent', 'sent']);
    expect(transport.messages.map((m) => m.msg_content)).toEqual([
      [{ type: 'text', content: 'one' }],
      [{ type: 'text', content: 'two' }],
    ]);
  });

  it("says 'sorry for the error' of a picture that could not be uploaded, and uploads it again on resend", async () => {
    const { store, transport, items } = setUp();
    let uploads = 0;
    const prepare = () => {
      uploads++;
      return uploads === 1
        ? Promise.reject(new Error('upload failed'))
        : Promise.resolve([
            { type: 'image' as const, content: { url: '/files/1/im/a.jpg', width: 0, height: 0, size: 9 } },
          ]);
    };
    await store.send({
      content: [{ type: 'image', content: { url: 'blob:x', width: 0, height: 0, size: 9 } }],
      prepare,
      image: true,
    });
    expect(items()[0]).toMatchObject({ status: 'failed', failure: 'image' });
    await store.resend(items()[0]?.key ?? '');
    expect(uploads).toBe(2);
    expect(transport.messages[0]?.msg_content).toEqual([
      { type: 'image', content: { url: '/files/1/im/a.jpg', width: 0, height: 0, size: 9 } },
    ]);
  });

  it('counts staff messages as unread while closed, and reads them on opening', async () => {
    const { store, transport, badge } = setUp();
    transport.receive(stored(1));
    transport.receive(stored(2));
    expect(store.getState().unread).toBe(2);
    store.setOpen(true);
    expect(store.getState().unread).toBe(0);
    expect(transport.reads).toEqual([2]);
    transport.receive(stored(3));
    expect(store.getState().unread).toBe(0);
    expect(badge).toEqual([1, 2, 0]);
  });

  it('starts the badge from the server’s unread count', async () => {
    const transport = new FakeTransport();
    transport.unread = 150;
    const { store } = setUp(transport);
    await Promise.resolve();
    expect(store.getState().unread).toBe(150);
  });

  it('never shows a message twice when a reconnect replays it', () => {
    const { store, transport } = setUp();
    transport.receive(stored(1));
    transport.receive(stored(1));
    expect(store.getState().items).toHaveLength(1);
    expect(transport.lastId).toBe(1);
  });

  it('loads history until 20 messages show, then page by page to the first', async () => {
    const { store, transport } = setUp();
    transport.messages = Array.from({ length: 40 }, (_, i) => stored(i + 1));
    await store.loadInitial();
    expect(store.getState().items).toHaveLength(30);
    expect(store.getState().complete).toBe(false);
    await store.loadMore();
    expect(store.getState().items.map((i) => i.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(store.getState().complete).toBe(true);
  });

  it('marks own messages read up to the id staff read', async () => {
    const { store, transport, items } = setUp();
    await store.send(text('a'));
    await store.send(text('b'));
    transport.staffRead(1000);
    expect(items().map((i) => i.read)).toEqual([true, false]);
  });

  it('shows staff typing until their message arrives', () => {
    const { store, transport } = setUp();
    transport.staffTyping(true);
    expect(store.getState().staffTyping).toBe(true);
    transport.receive(stored(1));
    expect(store.getState().staffTyping).toBe(false);
  });
});
