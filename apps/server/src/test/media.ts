/**
 * The smallest real containers of the chat's media kinds, for tests of the upload checks: a
 * file-type signature reads them as what they are (no decoder is involved, decision 0042).
 */

/** A WAV file: RIFF/WAVE with a PCM format chunk and a short silent data chunk. */
export function wavFile(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVE', 8, 'latin1');
  head.write('fmt ', 12, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** An MP4 file as its ISO base media boxes begin: ftyp (isom) and an empty mdat. */
export function mp4File(): Buffer {
  const box = (type: string, body: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + body.length);
    return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
  };
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from('isom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2mp41', 'latin1'),
    ]),
  );
  return Buffer.concat([ftyp, box('free', Buffer.alloc(8)), box('mdat', Buffer.alloc(256))]);
}

/** An HTML page that says it is a video: what the container check is there to refuse. */
export const htmlAsMedia = (): Buffer =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
