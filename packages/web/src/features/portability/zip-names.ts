import { strFromU8 } from 'fflate';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record (22 bytes) plus the longest comment a zip may carry. */
const TAIL = 22 + 0xffff;
const UTF8_NAMES = 0x800;

/**
 * The names of a zip's entries, in the order of its central directory, read from the end of the
 * file without reading the rest (IM2: a zip is sniffed by its names before its entries are
 * inflated, so its conversations can stream, decision 0077). Null when the directory cannot be
 * read this way (zip64, damage): the caller then reads the zip as a whole, which says what is wrong.
 */
export async function zipEntryNames(file: Blob): Promise<string[] | null> {
  const tailStart = Math.max(0, file.size - TAIL);
  const tail = new Uint8Array(await file.slice(tailStart).arrayBuffer());
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null;
  if (offset + size > file.size) return null;
  const directory = new Uint8Array(await file.slice(offset, offset + size).arrayBuffer());
  const entries = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || entries.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const flags = entries.getUint16(at + 8, true);
    const nameLength = entries.getUint16(at + 28, true);
    const next = at + 46 + nameLength + entries.getUint16(at + 30, true) + entries.getUint16(at + 32, true);
    if (next > directory.length) return null;
    // As fflate names them: UTF-8 when the entry says so, else one byte a character.
    names.push(strFromU8(directory.subarray(at + 46, at + 46 + nameLength), !(flags & UTF8_NAMES)));
    at = next;
  }
  return names;
}
