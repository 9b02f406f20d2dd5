/**
 * Bytes inside JSON text (the localStorage fallback and the data dump): a Uint8Array is written as
 * `{ "$bytes": "<base64>" }` and read back as a Uint8Array.
 */
const BYTES_TAG = '$bytes';

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** JSON.stringify replacer: byte arrays (from any realm) become tagged base64. */
export function bytesReplacer(_key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value)) {
    return { [BYTES_TAG]: bytesToBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  }
  if (value instanceof ArrayBuffer) return { [BYTES_TAG]: bytesToBase64(new Uint8Array(value)) };
  return value;
}

/** JSON.parse reviver: tagged base64 becomes a Uint8Array again. */
export function bytesReviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const tagged = (value as Record<string, unknown>)[BYTES_TAG];
    if (typeof tagged === 'string' && Object.keys(value).length === 1) return base64ToBytes(tagged);
  }
  return value;
}
