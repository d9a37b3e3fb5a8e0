import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { summary } from '../chat-rules';
import type { ChatStore } from '../chat-store';
import { Composer, type AttachKind } from './Composer';
import { MessageList } from './MessageList';
import classes from './chat.module.css';

export interface ChatPanelProps {
  store: ChatStore;
  onClose: () => void;
  onFile: (kind: AttachKind, file: Blob) => void;
}

/**
 * The chat window: a non-modal dialog at the inline end of the screen (full screen on a phone)
 * with the conversation, the typing indicator and the composer. New messages from staff are
 * announced politely; Escape closes it and gives focus back to the side bar's button.
 */
export function ChatPanel({ store, onClose, onFile }: ChatPanelProps) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    panel.current?.querySelector('textarea')?.focus();
  }, []);

  const incoming = state.lastIncoming ? summary(state.lastIncoming.content) : null;
  const announcement = incoming
    ? incoming.key === 'text'
      ? t('web.chat.newMessage', { text: incoming.text ?? '' })
      : t('web.chat.newMessage', {
          text: t(`web.chat.${incoming.key === 'sharePro' ? 'sharedProducts' : incoming.key}`),
        })
    : '';

  return (
    <section
      ref={panel}
      className={classes.panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className={classes.head}>
        <h2 id={titleId} className={classes.title}>
          {t('web.chat.title')}
        </h2>
        <span className={classes.connection} data-state={state.connection}>
          {t(`web.chat.connection.${state.connection}`)}
        </span>
        <button type="button" className={classes.close} onClick={onClose} aria-label={t('web.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <MessageList
        state={state}
        onMore={() => void store.loadMore()}
        onResend={(k) => void store.resend(k)}
      />
      <p className={classes.typing} aria-live="polite">
        {state.staffTyping ? t('web.chat.staffTyping') : ''}
      </p>
      <p className={classes.srOnly} aria-live="polite" data-testid="chat-announcer">
        {announcement}
      </p>
      <Composer
        target={store.transport.targetId}
        onText={(text) => void store.send({ content: [{ type: 'text', content: text }] })}
        onFile={onFile}
        onTyping={(on) => store.typing(on)}
      />
    </section>
  );
}
