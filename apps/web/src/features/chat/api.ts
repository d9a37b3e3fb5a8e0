import { CHAT_MEDIA_TYPES, type ChatMediaType, type MsgContent } from '@vitrine/contract';
import { callApi } from '../../lib/api-client';
import { uploadWithCredential } from '../../lib/upload';
import type { AttachKind } from './components/Composer';
import { prepareImage, videoPoster } from './media';

/**
 * Files of the chat go straight to storage under im/{date}/ with a one-upload credential
 * (get_temp_auth, purpose im); the message then carries their URLs.
 */
async function upload(blob: Blob): Promise<string> {
  const type = chatMediaType(blob.type);
  if (!type) throw new Error(`not a chat file: ${blob.type}`);
  // The server checks the content against the type named here (decision 0042).
  const auth = await callApi('get_temp_auth', { purpose: 'im', content_type: type }, { silent: true });
  return uploadWithCredential(auth, blob);
}

/** Other names browsers give the same kinds of file. */
const ALIASES: Record<string, ChatMediaType> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/opus': 'audio/ogg',
  'image/jpg': 'image/jpeg',
};

/** The chat type a file's declared type stands for (a recorder's 'audio/webm;codecs=opus' is audio/webm); null: none. */
export function chatMediaType(declared: string): ChatMediaType | null {
  const base = (declared.split(';')[0] ?? '').trim().toLowerCase();
  return CHAT_MEDIA_TYPES.find((t) => t === base) ?? ALIASES[base] ?? null;
}

/** What shows at once while a file uploads: the local file itself. */
export function previewOf(kind: AttachKind, file: Blob): MsgContent {
  const url = URL.createObjectURL(file);
  if (kind === 'image') return [{ type: 'image', content: { url, width: 0, height: 0, size: file.size } }];
  if (kind === 'photo')
    return [{ type: 'custom', content: { description: 'photo', data: { url, width: 0, height: 0 } } }];
  if (kind === 'video')
    return [
      {
        type: 'custom',
        content: { description: 'video', data: { url, poster: '', duration: 0, size: file.size } },
      },
    ];
  return [{ type: 'custom', content: { description: 'audio', data: { url, duration: 0, size: file.size } } }];
}

/** Uploads the file (a large picture scaled down first, a video with its poster) and answers the message. */
export async function uploadAttachment(kind: AttachKind, file: Blob): Promise<MsgContent> {
  if (kind === 'image' || kind === 'photo') {
    const ready = file instanceof File ? await prepareImage(file) : file;
    const url = await upload(ready);
    return kind === 'image'
      ? [{ type: 'image', content: { url, width: 0, height: 0, size: ready.size } }]
      : [{ type: 'custom', content: { description: 'photo', data: { url, width: 0, height: 0 } } }];
  }
  if (kind === 'video') {
    const poster = await videoPoster(file);
    const [url, posterUrl] = await Promise.all([upload(file), upload(poster)]);
    return [
      {
        type: 'custom',
        content: { description: 'video', data: { url, poster: posterUrl, duration: 0, size: file.size } },
      },
    ];
  }
  const url = await upload(file);
  return [{ type: 'custom', content: { description: 'audio', data: { url, duration: 0, size: file.size } } }];
}
