/** The opening of an MP4 file (an ftyp box): enough for the upload rules, which read the first bytes. */
export function tinyMp4(): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.write('\u0000\u0000\u0000\u0018ftypmp42\u0000\u0000\u0000\u0000mp42isom', 'latin1');
  return bytes;
}
