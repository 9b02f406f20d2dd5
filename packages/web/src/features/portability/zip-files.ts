import { strToU8, zipSync, type Zippable } from 'fflate';

export const ZIP_TYPE = 'application/zip';

/**
 * A zip of text files (deflated) and binary ones (pictures: compressed already, so stored as they
 * are), as a Blob for the download. The localStorage fallback's export goes through here.
 */
export function zipFiles(
  files: Readonly<Record<string, string>>,
  binaryFiles: Readonly<Record<string, Uint8Array>> = {},
): Blob {
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  for (const [name, bytes] of Object.entries(binaryFiles)) entries[name] = [bytes, { level: 0 }];
  return new Blob([zipSync(entries, { level: 6 }) as BlobPart], { type: ZIP_TYPE });
}
