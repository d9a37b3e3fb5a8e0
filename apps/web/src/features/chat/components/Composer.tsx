import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { draftProblem, EMOJI, insertAt, keyAction, type DraftProblem } from '../chat-rules';
import { canRecord, startRecording, type Recording } from '../media';
import classes from './chat.module.css';

export type AttachKind = 'image' | 'photo' | 'video' | 'audio';

const ACCEPT: Record<AttachKind, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  photo: 'image/*',
  video: 'video/mp4,video/webm,video/quicktime',
  audio: 'audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/webm,audio/wav,audio/x-wav',
};

export interface ComposerProps {
  target: string | null;
  onText: (text: string) => void;
  onFile: (kind: AttachKind, file: Blob) => void;
  onTyping: (on: boolean) => void;
}

/** Stop telling staff "typing" after this long without a key. */
const TYPING_IDLE_MS = 3000;

/** The tools' pictures: drawn, so they look the same without an emoji font. */
const ICONS = {
  emoji: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </>
  ),
  image: (
    <>
      <rect x="3.5" y="5" width="17" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m4 17 5-5 4 4 3-3 4 4" />
    </>
  ),
  photo: (
    <>
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="6" width="12.5" height="12" rx="2" />
      <path d="m15.5 10.5 5-3v9l-5-3z" />
    </>
  ),
  audio: (
    <>
      <path d="M9 18V6l10-2v12" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="16.5" cy="16" r="2.5" />
    </>
  ),
  record: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </>
  ),
  stop: <rect x="6" y="6" width="12" height="12" rx="2" />,
} as const;

function Tool({
  label,
  onClick,
  icon,
  pressed,
}: {
  label: string;
  onClick: () => void;
  icon: keyof typeof ICONS;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className={classes.tool}
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {ICONS[icon]}
      </svg>
    </button>
  );
}

/**
 * The message field and its tools: emoji (44), picture, camera photo, video, audio file and a
 * voice note. Enter sends, Ctrl+Enter breaks the line; an empty message is refused with a
 * message the screen reader reads.
 */
export function Composer({ target, onText, onFile, onTyping }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<DraftProblem | 'noMicrophone' | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [recording, setRecording] = useState<Recording | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const files = useRef<Record<AttachKind, HTMLInputElement | null>>({
    image: null,
    photo: null,
    video: null,
    audio: null,
  });
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef(false);
  /** Where the caret goes once an inserted line break or emoji has rendered. */
  const caret = useRef<number | null>(null);
  const problemId = useId();

  useLayoutEffect(() => {
    if (caret.current === null) return;
    field.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);
  const emojiId = useId();

  const stopTyping = () => {
    clearTimeout(typingTimer.current);
    if (typing.current) {
      typing.current = false;
      onTyping(false);
    }
  };
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const send = () => {
    const p = draftProblem(text, target);
    setProblem(p);
    if (p) {
      field.current?.focus();
      return;
    }
    onText(text.trim());
    setText('');
    stopTyping();
  };

  const change = (value: string) => {
    setText(value);
    if (problem) setProblem(null);
    if (!typing.current && value) {
      typing.current = true;
      onTyping(true);
    }
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape' && emojiOpen) {
      // The first Escape closes the emoji panel, the next the chat.
      e.preventDefault();
      setEmojiOpen(false);
      return;
    }
    const action = keyAction({ ...e, isComposing: e.nativeEvent.isComposing });
    if (action === 'send') {
      e.preventDefault();
      send();
    } else if (action === 'newline') {
      e.preventDefault();
      const el = e.currentTarget;
      const next = insertAt(text, el.selectionStart, el.selectionEnd, '\n');
      caret.current = next.caret;
      change(next.text);
    }
  };

  const addEmoji = (emoji: string) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, emoji);
    caret.current = next.caret;
    change(next.text);
    el?.focus();
  };

  const pick = (kind: AttachKind) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!target) {
      setProblem('noTarget');
      return;
    }
    if (file) onFile(kind, file);
  };

  const toggleRecording = async () => {
    if (recording) {
      setRecording(null);
      const blob = await recording.stop();
      if (blob.size > 0 && target) onFile('audio', blob);
      return;
    }
    try {
      setRecording(await startRecording());
    } catch {
      setProblem('noMicrophone');
    }
  };

  return (
    <div className={classes.composer}>
      {emojiOpen ? (
        <div
          id={emojiId}
          className={classes.emoji}
          role="group"
          aria-label={t('web.chat.emoji')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              setEmojiOpen(false);
              field.current?.focus();
            }
          }}
        >
          {EMOJI.map((emoji) => (
            <button key={emoji} type="button" className={classes.emojiButton} onClick={() => addEmoji(emoji)}>
              {emoji}
            </button>
          ))}
        </div>
      ) : null}
      <div className={classes.tools} role="toolbar" aria-label={t('web.chat.tools')}>
        <Tool
          label={t('web.chat.emoji')}
          onClick={() => setEmojiOpen((o) => !o)}
          pressed={emojiOpen}
          icon="emoji"
        />
        <Tool label={t('web.chat.sendPicture')} onClick={() => files.current.image?.click()} icon="image" />
        <Tool label={t('web.chat.takePhoto')} onClick={() => files.current.photo?.click()} icon="photo" />
        <Tool label={t('web.chat.sendVideo')} onClick={() => files.current.video?.click()} icon="video" />
        <Tool label={t('web.chat.sendAudio')} onClick={() => files.current.audio?.click()} icon="audio" />
        {canRecord() ? (
          <Tool
            label={recording ? t('web.chat.stopRecording') : t('web.chat.recordVoice')}
            onClick={() => void toggleRecording()}
            pressed={Boolean(recording)}
            icon={recording ? 'stop' : 'record'}
          />
        ) : null}
        {(Object.keys(ACCEPT) as AttachKind[]).map((kind) => (
          <input
            key={kind}
            ref={(el) => {
              files.current[kind] = el;
            }}
            type="file"
            hidden
            tabIndex={-1}
            accept={ACCEPT[kind]}
            capture={kind === 'photo' ? 'environment' : undefined}
            onChange={pick(kind)}
            data-testid={`chat-file-${kind}`}
          />
        ))}
      </div>
      <div className={classes.entry}>
        <textarea
          ref={field}
          className={classes.field}
          value={text}
          rows={2}
          dir="auto"
          maxLength={2000}
          aria-label={t('web.chat.message')}
          aria-describedby={`${problemId} ${problemId}-hint`}
          aria-invalid={problem === 'empty' || undefined}
          placeholder={t('web.chat.placeholder')}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
        />
        <button type="button" className={classes.send} onClick={send}>
          {t('web.chat.send')}
        </button>
      </div>
      <p id={`${problemId}-hint`} className={classes.srOnly}>
        {t('web.chat.keysHint')}
      </p>
      <p id={problemId} className={classes.problem} role="alert">
        {problem ? t(`web.chat.problem.${problem}`) : ''}
      </p>
    </div>
  );
}
