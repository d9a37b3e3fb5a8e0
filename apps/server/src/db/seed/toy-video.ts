/**
 * Short demo product videos, made at seed time with what the seed already has: each frame is the
 * product's drawing (toy-pictures.ts) turning on a turntable, encoded by sharp as lossy WebP,
 * whose image data is a VP8 key frame; the frames are then written into a WebM file (VP8 video,
 * every frame a key frame). No ffmpeg, no download, and browsers play it natively.
 */
import sharp from 'sharp';
import { type ToyPictureOptions, toySvg } from './toy-pictures';

export interface ToyVideoOptions extends Omit<ToyPictureOptions, 'view' | 'size'> {
  /** Frame width and height in pixels (default 256). */
  size?: number;
  /** Frames (default 16). */
  frames?: number;
  /** Frames per second (default 6). */
  fps?: number;
}

/** The VP8 key frame a lossy WebP holds (its 'VP8 ' chunk). */
export function vp8FrameOfWebp(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  let at = 12;
  while (at + 8 <= webp.length) {
    const id = webp.toString('ascii', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    if (id === 'VP8 ') return webp.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  throw new Error('the WebP holds no lossy VP8 image');
}

// --- A minimal WebM (Matroska) writer: EBML elements with 8-byte sizes. ---

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
} as const;

function idBytes(id: number): Buffer {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from(bytes);
}

/** An element size as an 8-byte EBML variable-length integer. */
function sizeBytes(size: number): Buffer {
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(size, 2, 6);
  return b;
}

const el = (id: number, ...body: Buffer[]): Buffer => {
  const data = Buffer.concat(body);
  return Buffer.concat([idBytes(id), sizeBytes(data.length), data]);
};
const uint = (id: number, value: number): Buffer => {
  const bytes: number[] = [];
  for (let v = value; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return el(id, Buffer.from(bytes));
};
const str = (id: number, value: string): Buffer => el(id, Buffer.from(value, 'ascii'));
const float = (id: number, value: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return el(id, b);
};

/** A WebM file of VP8 key frames, shown `1000 / fps` ms apart. */
export function webmOfVp8Frames(frames: Buffer[], width: number, height: number, fps: number): Buffer {
  const frameMs = Math.round(1000 / fps);
  const blocks = frames.map((frame, i) => {
    // Track 1 (as a 1-byte EBML integer), time relative to the cluster, flags: key frame.
    const head = Buffer.alloc(4);
    head[0] = 0x81;
    head.writeInt16BE(i * frameMs, 1);
    head[3] = 0x80;
    return el(ID.SimpleBlock, head, frame);
  });
  return Buffer.concat([
    el(
      ID.EBML,
      uint(ID.EBMLVersion, 1),
      uint(ID.EBMLReadVersion, 1),
      uint(ID.EBMLMaxIDLength, 4),
      uint(ID.EBMLMaxSizeLength, 8),
      str(ID.DocType, 'webm'),
      uint(ID.DocTypeVersion, 2),
      uint(ID.DocTypeReadVersion, 2),
    ),
    el(
      ID.Segment,
      el(
        ID.Info,
        uint(ID.TimecodeScale, 1_000_000),
        float(ID.Duration, frames.length * frameMs),
        str(ID.MuxingApp, 'vitrine-seed'),
        str(ID.WritingApp, 'vitrine-seed'),
      ),
      el(
        ID.Tracks,
        el(
          ID.TrackEntry,
          uint(ID.TrackNumber, 1),
          uint(ID.TrackUID, 1),
          uint(ID.TrackType, 1),
          uint(ID.FlagLacing, 0),
          str(ID.CodecID, 'V_VP8'),
          el(ID.Video, uint(ID.PixelWidth, width), uint(ID.PixelHeight, height)),
        ),
      ),
      el(ID.Cluster, uint(ID.Timecode, 0), ...blocks),
    ),
  ]);
}

/**
 * A few seconds of the product turning on a turntable: its studio picture, squeezed across as
 * it turns and bobbing a little, on the picture's own backdrop. About 40 kB.
 */
export async function renderToyVideo(o: ToyVideoOptions): Promise<Buffer> {
  // Small and short: every fresh start (and every journey's server) makes them.
  const size = o.size ?? 256;
  const count = o.frames ?? 16;
  const fps = o.fps ?? 6;
  const still = await sharp(Buffer.from(toySvg({ ...o, view: 0, size })))
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  const href = `data:image/png;base64,${still.toString('base64')}`;
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const turn = (i / count) * Math.PI * 2;
    // The width of a turning flat picture, never quite edge-on; a gentle lift at half-turns.
    const sx = 0.35 + 0.65 * Math.abs(Math.cos(turn));
    const lift = -Math.abs(Math.sin(turn)) * size * 0.03;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<rect width="${size}" height="${size}" fill="#eef2f6"/>` +
      `<image href="${href}" width="${size}" height="${size}" ` +
      `transform="translate(${(size * (1 - sx)) / 2} ${lift}) scale(${sx} 1)"/>` +
      '</svg>';
    const webp = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .webp({ quality: 60 })
      .toBuffer();
    frames.push(vp8FrameOfWebp(webp));
  }
  return webmOfVp8Frames(frames, size, size, fps);
}
