import {
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { ChatMessage, MsgContent, SharedProduct, StaffConversation } from '@vitrine/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { UploadError } from '../../lib/upload';
import { PICTURE_ACCEPT, pictureProblem, uploadChatPicture } from './chat-upload';
import { MessageElementView } from './MessageView';
import { ShareProducts } from './ShareProducts';
import type { StaffSocket } from './staff-socket';

interface Line {
  gid: string;
  message: ChatMessage | null;
  /** Sent from here and not yet stored. */
  draft?: Draft;
}

/** A message sent from here: text, or a picture shown from the local file until it is uploaded. */
interface Draft {
  status: 'sending' | 'failed';
  at: number;
  text?: string;
  /** The picture to upload first, and its preview (an object URL of the file). */
  picture?: { file: File; preview: string };
  /** What is sent once any upload is done. */
  content?: MsgContent;
}

const EMOJI = ['😀', '😊', '👍', '🙏', '👌', '🎉', '📦', '🚢', '💰', '✅', '❤️', '🤝'];
const TYPING_IDLE_MS = 3000;

/** A message from here as it starts: sending, stamped now (in an event, never during render). */
const newDraft = (what: Pick<Draft, 'text' | 'picture'>): Draft => ({
  ...what,
  status: 'sending',
  at: Date.now(),
});

const newGid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `g${Date.now()}${Math.random().toString(36).slice(2)}`;

/**
 * One conversation: its history (older pages on request), live messages, the buyer's typing
 * and read receipts, and a composer for roles that may write (owner, service). Enter sends,
 * Ctrl+Enter breaks the line, as for the buyer.
 */
export function Conversation({
  conversation,
  socket,
  canWrite,
}: {
  conversation: StaffConversation;
  socket: StaffSocket;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { chat_id: chatId, main_chat_id: mainId } = conversation;
  const [lines, setLines] = useState<Line[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [buyerTyping, setBuyerTyping] = useState(false);
  const [readUpTo, setReadUpTo] = useState(0);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [attachProblem, setAttachProblem] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef(false);

  const add = (incoming: ChatMessage[]) =>
    setLines((prev) => {
      const byGid = new Map(prev.map((l) => [l.gid, l]));
      for (const m of incoming) byGid.set(m.gid, { gid: m.gid, message: m });
      return [...byGid.values()].sort(
        (a, b) =>
          (a.message?.created_time ?? a.draft?.at ?? 0) - (b.message?.created_time ?? b.draft?.at ?? 0),
      );
    });

  const load = async (offset: number) => {
    setLoading(true);
    setLoadError(false);
    try {
      const page = await call('staff_get_messages', { chat_id: chatId, offset });
      add(page.list);
      setHasMore(page.has_more);
    } catch {
      setLoadError(true);
    } finally {
      setLoading(false);
    }
  };

  // The page keys this component by conversation: each one starts with empty state.
  useEffect(() => {
    let alive = true;
    call('staff_get_messages', { chat_id: chatId, offset: 0 }).then(
      (page) => {
        if (!alive) return;
        add(page.list);
        setHasMore(page.has_more);
        setLoading(false);
      },
      () => {
        if (!alive) return;
        setLoadError(true);
        setLoading(false);
      },
    );
    const stops = [
      socket.on('message', (m) => {
        if (m.chat_id !== chatId) return;
        add([m]);
        if (m.from === 'buyer') setBuyerTyping(false);
      }),
      socket.on('typing', (id, on) => id === chatId && setBuyerTyping(on)),
      socket.on('read', (id, upTo) => id === chatId && setReadUpTo((r) => Math.max(r, upTo))),
    ];
    return () => {
      alive = false;
      stops.forEach((s) => s());
    };
  }, [chatId, socket]);

  // Reading the conversation here marks the buyer's messages read (their read receipts).
  const newestBuyer = lines.reduce(
    (max, l) => (l.message?.from === 'buyer' && l.message.id > max ? l.message.id : max),
    0,
  );
  useEffect(() => {
    if (!canWrite || newestBuyer === 0) return;
    socket.read(chatId, mainId, newestBuyer);
    void call('staff_mark_read', { chat_id: chatId }).catch(() => {});
  }, [newestBuyer, canWrite, chatId, mainId, socket]);

  const lastGid = lines.at(-1)?.gid;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastGid]);

  const setDraft = (gid: string, change: Partial<Draft>) =>
    setLines((prev) =>
      prev.map((l) => (l.gid === gid && l.draft ? { ...l, draft: { ...l.draft, ...change } } : l)),
    );

  const deliver = async (gid: string, draft: Draft) => {
    setDraft(gid, { status: 'sending' });
    try {
      // A picture is uploaded once; a resend after a failed send reuses its URL.
      const content =
        draft.content ??
        (draft.picture
          ? await uploadChatPicture(draft.picture.file)
          : [{ type: 'text' as const, content: draft.text ?? '' }]);
      setDraft(gid, { content });
      add([await socket.send(gid, chatId, mainId, content)]);
      if (draft.picture) URL.revokeObjectURL(draft.picture.preview);
    } catch (e) {
      setDraft(gid, { status: 'failed' });
      if (e instanceof UploadError) setAttachProblem(uploadProblemText(e.message));
    }
  };

  const uploadProblemText = (reason: string) =>
    reason === 'type'
      ? t('ui.chat.pictureType')
      : reason === 'tooLarge'
        ? t('ui.chat.pictureTooLarge')
        : reason === 'network'
          ? t('ui.common.networkError')
          : t('ui.chat.pictureFailed', { reason });

  const attach = (file: File | null) => {
    setAttachProblem(null);
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      setAttachProblem(uploadProblemText(problem));
      return;
    }
    const gid = newGid();
    const draft = newDraft({ picture: { file, preview: URL.createObjectURL(file) } });
    setLines((prev) => [...prev, { gid, message: null, draft }]);
    void deliver(gid, draft);
  };

  const share = (products: SharedProduct[]) => {
    const gid = newGid();
    const draft: Draft = {
      ...newDraft({}),
      content: [{ type: 'custom', content: { description: 'sharePro', data: products } }],
    };
    setLines((prev) => [...prev, { gid, message: null, draft }]);
    void deliver(gid, draft);
  };

  const stopTyping = () => {
    clearTimeout(typingTimer.current);
    if (typing.current) {
      typing.current = false;
      socket.typing(chatId, mainId, false);
    }
  };

  const send = () => {
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    const gid = newGid();
    const body = text.trim();
    const draft = newDraft({ text: body });
    setLines((prev) => [...prev, { gid, message: null, draft }]);
    setText('');
    stopTyping();
    void deliver(gid, draft);
  };

  const change = (value: string) => {
    setText(value);
    setEmpty(false);
    if (!typing.current && value) {
      typing.current = true;
      socket.typing(chatId, mainId, true);
    }
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  return (
    <Stack gap="xs" h="100%">
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap="xs" p="xs">
          <Group justify="center">
            {loading ? (
              <Text size="xs" c="dimmed" role="status">
                {t('ui.common.loading')}
              </Text>
            ) : loadError ? (
              <Button size="compact-xs" variant="light" color="red" onClick={() => void load(0)}>
                {t('ui.chat.loadFailed')}
              </Button>
            ) : hasMore ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => void load(lines.filter((l) => l.message).length)}
              >
                {t('ui.chat.older')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('ui.chat.noMore')}
              </Text>
            )}
          </Group>
          <Stack
            gap="xs"
            component="ol"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label={t('ui.chat.messages')}
          >
            {lines.map((l) => {
              const m = l.message;
              const mine = m ? m.from === 'staff' : true;
              const read = m && mine && (m.status === 1 || m.id <= readUpTo);
              return (
                <li key={l.gid} style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
                  <Paper p="xs" radius="md" bg={mine ? 'blue.0' : 'gray.0'} withBorder>
                    {m ? (
                      m.msg_content.map((e, i) => <MessageElementView key={i} item={e} />)
                    ) : l.draft?.picture ? (
                      <Image
                        src={l.draft.picture.preview}
                        alt={t('ui.chat.kinds.image')}
                        mah={220}
                        w="auto"
                        radius="sm"
                      />
                    ) : l.draft?.content ? (
                      l.draft.content.map((e, i) => <MessageElementView key={i} item={e} />)
                    ) : (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {l.draft?.text}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" ta="end">
                      {m ? `${mine ? m.from_name : ''} ${formatDateTime(m.created_time)}` : ''}
                      {l.draft?.status === 'sending' ? t('ui.chat.sending') : ''}
                      {read ? <span data-testid="staff-read-receipt"> · {t('ui.chat.read')}</span> : null}
                    </Text>
                  </Paper>
                  {l.draft?.status === 'failed' ? (
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="subtle"
                      onClick={() => l.draft && void deliver(l.gid, l.draft)}
                    >
                      {t('ui.chat.failed')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </Stack>
        </Stack>
      </ScrollArea>
      <Text size="xs" c="dimmed" aria-live="polite" mih={18}>
        {buyerTyping ? t('ui.chat.buyerTyping') : ''}
      </Text>
      {canWrite ? (
        <Stack gap={4}>
          <Group gap={2} role="toolbar" aria-label={t('ui.chat.emoji')}>
            {EMOJI.map((e) => (
              <Tooltip key={e} label={e}>
                <Button size="compact-sm" variant="subtle" onClick={() => change(text + e)} aria-label={e}>
                  {e}
                </Button>
              </Tooltip>
            ))}
          </Group>
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <Textarea
              style={{ flex: 1 }}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={5000}
              aria-label={t('ui.chat.reply')}
              placeholder={t('ui.chat.replyPlaceholder')}
              value={text}
              error={empty ? t('ui.chat.empty') : undefined}
              onChange={(e) => change(e.currentTarget.value)}
              onBlur={stopTyping}
              onKeyDown={(e) => {
                if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.shiftKey) return;
                e.preventDefault();
                if (e.ctrlKey || e.metaKey) {
                  const el = e.currentTarget;
                  const at = el.selectionStart;
                  change(text.slice(0, at) + '\n' + text.slice(el.selectionEnd));
                } else send();
              }}
            />
            <FileButton onChange={attach} accept={PICTURE_ACCEPT}>
              {(props) => (
                <Button {...props} variant="default" data-testid="staff-attach-picture">
                  {t('ui.chat.attachPicture')}
                </Button>
              )}
            </FileButton>
            <ShareProducts onShare={share} />
            <Button onClick={send}>{t('ui.chat.send')}</Button>
          </Group>
          {attachProblem ? (
            <Text size="sm" c="red" role="alert">
              {attachProblem}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ui.chat.readOnly')}
        </Text>
      )}
    </Stack>
  );
}
