import sharp from 'sharp';

/** A buyer's photo of a catalogue picture (800 px): part of it, scaled, re-compressed. */
export function buyersPhotoOf(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .extract({ left: 60, top: 40, width: 680, height: 700 })
    .resize(600)
    .jpeg({ quality: 70 })
    .toBuffer();
}
