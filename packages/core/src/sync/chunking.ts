/**
 * Splits items into chunks by serialized length (spec sections 7 and 9): the JSON text of each
 * chunk (`[item,item,...]`) is at most `maxLength` characters (CH1), except that an item longer than
 * that on its own goes alone in its chunk (CH2). Items keep their order; none is lost or repeated
 * (CH3). No items, no chunks (CH4). Used by the server for response chunks and by the client for
 * buffer uploads.
 */
export function chunkBySerializedLength<T>(
  items: readonly T[],
  maxLength: number,
  lengthOf: (item: T) => number = serializedLength,
): T[][] {
  if (!(maxLength > 0)) throw new RangeError(`maxLength must be positive, got ${maxLength}`);
  const chunks: T[][] = [];
  let current: T[] = [];
  let currentLength = 2; // the brackets
  for (const item of items) {
    const length = lengthOf(item);
    const added = current.length === 0 ? length : length + 1; // a comma before every item but the first
    if (current.length > 0 && currentLength + added > maxLength) {
      chunks.push(current);
      current = [];
      currentLength = 2;
    }
    currentLength += current.length === 0 ? length : length + 1;
    current.push(item);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Length of the item's JSON text in characters (the unit of maxSyncPayloadSize). */
export function serializedLength(item: unknown): number {
  return (JSON.stringify(item) ?? 'null').length;
}

/** The JSON text of a chunk whose items are already JSON text (the server keeps rows as text). */
export function joinJsonTexts(texts: readonly string[]): string {
  return `[${texts.join(',')}]`;
}
