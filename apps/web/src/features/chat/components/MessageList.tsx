import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { historyHint } from '../chat-rules';
import type { ChatItem, ChatState } from '../chat-store';
import { MessagePart } from './MessageBody';
import classes from './chat.module.css';

function ErrorIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function Bubble({ item, onResend }: { item: ChatItem; onResend: (key: string) => void }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
    item.created_time,
  );
  const failedText = item.failure === 'image' ? t('web.chat.imageFailed') : t('web.chat.failed');
  return (
    <li className={classes.row} data-mine={item.mine || undefined} data-status={item.status}>
      <div className={classes.bubble}>
        <span className={classes.srOnly}>{item.mine ? t('web.chat.you') : t('web.chat.staff')}: </span>
        {item.content.map((part, i) => (
          <MessagePart key={i} item={part} />
        ))}
        <span className={classes.meta}>
          <time dateTime={new Date(item.created_time).toISOString()}>{time}</time>
          {item.mine && item.status === 'sending' ? <span> · {t('web.chat.sending')}</span> : null}
          {item.mine && item.status === 'sent' && item.read ? (
            <span data-testid="read-receipt"> · {t('web.chat.read')}</span>
          ) : null}
        </span>
      </div>
      {item.status === 'failed' ? (
        <button
          type="button"
          className={classes.failed}
          onClick={() => onResend(item.key)}
          aria-label={`${failedText} ${t('web.chat.resend')}`}
        >
          <ErrorIcon />
          <span>{failedText}</span>
        </button>
      ) : null}
    </li>
  );
}

/**
 * The conversation, oldest first, with 'see more' or 'No more history' above it. Stays at the
 * newest message as messages arrive, and keeps the reader's place when older ones are added.
 */
export function MessageList({
  state,
  onMore,
  onResend,
}: {
  state: ChatState;
  onMore: () => void;
  onResend: (key: string) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const firstKey = state.items[0]?.key;
  const lastKey = state.items.at(-1)?.key;
  const heightBefore = useRef(0);
  const prevFirst = useRef(firstKey);

  // Older messages added above: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (prevFirst.current !== firstKey && prevFirst.current !== undefined) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
    }
    prevFirst.current = firstKey;
    heightBefore.current = el.scrollHeight;
  }, [firstKey]);

  // A new message at the end: show it.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    if (el) heightBefore.current = el.scrollHeight;
  }, [lastKey]);

  const hint = historyHint(state.items.length, state.complete);
  return (
    <div ref={scroller} className={classes.scroller}>
      <div className={classes.history}>
        {state.history === 'loading' ? (
          <p role="status">{t('web.chat.loadingHistory')}</p>
        ) : state.history === 'error' ? (
          <p role="alert">
            {t('web.chat.historyFailed')}{' '}
            <button type="button" className={classes.linkButton} onClick={onMore}>
              {t('web.retry')}
            </button>
          </p>
        ) : hint === 'seeMore' ? (
          <button type="button" className={classes.linkButton} onClick={onMore}>
            {t('web.chat.seeMore')}
          </button>
        ) : hint === 'noMore' ? (
          <p>{t('web.chat.noMore')}</p>
        ) : null}
      </div>
      {state.items.length === 0 && state.history === 'idle' && state.started ? (
        <p className={classes.empty}>{t('web.chat.empty')}</p>
      ) : null}
      <ol className={classes.messages} aria-label={t('web.chat.messages')}>
        {state.items.map((item) => (
          <Bubble key={item.key} item={item} onResend={onResend} />
        ))}
      </ol>
    </div>
  );
}
