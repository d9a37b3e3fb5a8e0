import { fitInside, imagePlan, POSTER_AT_SECONDS, POSTER_WIDTH } from './chat-rules';

/**
 * The browser side of sending media: scaling a large picture down (canvas, no library: the
 * chat chunk stays small), a video's poster frame and a voice note (MediaRecorder). Each
 * answers Blobs; uploading them is api.ts's job.
 */

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable picture'));
    };
    img.src = url;
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), type, quality),
  );
}

/** A picture as sent: as it is under 2 MB or as a GIF, otherwise fitted inside 1500x1500 as JPEG. */
export async function prepareImage(file: File): Promise<Blob> {
  if (imagePlan(file) === 'asIs') return file;
  const img = await loadImage(file);
  const { width, height } = fitInside(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(img, 0, 0, width, height);
  // PNG keeps transparency (and is often larger); a photo becomes JPEG.
  return canvasBlob(canvas, file.type === 'image/png' ? 'image/png' : 'image/jpeg', 0.9);
}

/** The frame at one second, 500 wide, as the video's poster (JPEG). */
export function videoPoster(file: Blob): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    const done = (fn: () => void) => {
      URL.revokeObjectURL(url);
      fn();
    };
    video.onloadedmetadata = () => {
      video.currentTime = Math.min(POSTER_AT_SECONDS, Math.max(0, video.duration || 0));
    };
    video.onseeked = () => {
      const scale = POSTER_WIDTH / (video.videoWidth || POSTER_WIDTH);
      const canvas = document.createElement('canvas');
      canvas.width = POSTER_WIDTH;
      canvas.height = Math.max(1, Math.round((video.videoHeight || POSTER_WIDTH) * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return done(() => reject(new Error('no canvas')));
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvasBlob(canvas, 'image/jpeg', 0.85).then(
        (b) => done(() => resolve(b)),
        (e: unknown) => done(() => reject(e instanceof Error ? e : new Error('poster failed'))),
      );
    };
    video.onerror = () => done(() => reject(new Error('unreadable video')));
    video.src = url;
  });
}

/** Whether this browser can record a voice note. */
export const canRecord = (): boolean =>
  typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** A voice note in progress: stop() answers the recording. */
export interface Recording {
  stop(): Promise<Blob>;
  cancel(): void;
}

export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const type = ['audio/webm', 'audio/ogg', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t));
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const release = () => stream.getTracks().forEach((t) => t.stop());
  recorder.start();
  return {
    stop: () =>
      new Promise((resolve) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' }));
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = release;
      recorder.stop();
    },
  };
}
