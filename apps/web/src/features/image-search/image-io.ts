import { type EncodePlan, type PickableType, type Rect, type Size, sniffedType } from './rules';

/**
 * The browser's part of image search: reading a picked file and drawing a crop on a canvas. The
 * decisions (which file, which crop, how to encode) are in rules.ts.
 */

/** A decoded picture, ready to draw; `release` frees its memory. */
export interface DecodedImage extends Size {
  source: CanvasImageSource;
  release(): void;
}

/** The type the file's first bytes show: the file's name and MIME type can lie. */
export async function readType(file: Blob): Promise<PickableType | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffedType(head);
}

/**
 * Decodes a picture as the crop tool shows it (EXIF orientation applied), or rejects when the
 * browser cannot read it.
 */
export async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (e) {
    URL.revokeObjectURL(url);
    throw e;
  }
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

/**
 * Draws `crop` of the picture at the plan's size and encodes it. Always re-encoded, even when
 * nothing was cut: that also drops the photo's metadata (camera, place) before it leaves the
 * buyer's device.
 */
export function encodeCrop(image: DecodedImage, crop: Rect, plan: EncodePlan): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('No 2D canvas'));
  if (plan.type === 'image/jpeg') {
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, plan.width, plan.height);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image.source, crop.x, crop.y, crop.width, crop.height, 0, 0, plan.width, plan.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        // Release the canvas's memory at once (phones keep a few canvases only).
        canvas.width = 0;
        canvas.height = 0;
        if (blob && blob.type === plan.type) resolve(blob);
        else reject(new Error(`Could not encode ${plan.type}`));
      },
      plan.type,
      plan.quality,
    );
  });
}
