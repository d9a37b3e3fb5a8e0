import { CHAT_MEDIA, type MsgContent } from '@vitrine/contract';
import { call } from '../../lib/api';
import { postWithCredential, UploadError } from '../../lib/upload';

type PictureType = (typeof CHAT_MEDIA.IMAGE_TYPES)[number];

/** What the picture input offers: the chat's picture types (decision 0042). */
export const PICTURE_ACCEPT = CHAT_MEDIA.IMAGE_TYPES.join(',');

/** Why a file cannot be sent before anything is uploaded: 'type' or 'tooLarge'; null: it can. */
export function pictureProblem(file: Blob): 'type' | 'tooLarge' | null {
  if (!CHAT_MEDIA.IMAGE_TYPES.some((t) => t === file.type)) return 'type';
  if (file.size > CHAT_MEDIA.IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * A staff member's picture for a message: a credential of the company's im folder
 * (staff_get_chat_upload_credential), the file straight to storage (re-encoded there), and the
 * message element that carries it, as the buyer's widget sends one.
 */
export async function uploadChatPicture(file: Blob): Promise<MsgContent> {
  const problem = pictureProblem(file);
  if (problem) throw new UploadError(problem);
  const auth = await call('staff_get_chat_upload_credential', { content_type: file.type as PictureType });
  const url = await postWithCredential(auth, file, () => {});
  return [{ type: 'image', content: { url, width: 0, height: 0, size: file.size } }];
}
