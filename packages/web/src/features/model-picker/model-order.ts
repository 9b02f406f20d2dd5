/**
 * Reordering for Settings → Models: moves one model a step within its provider's group (the picker
 * groups by provider, so that is the order the user sees) and returns the full order to store in
 * modelIDsOrder.
 */
export function moveWithinGroup(
  ordered: readonly { id: string; group: string }[],
  id: string,
  delta: -1 | 1,
): string[] | null {
  const at = ordered.findIndex((item) => item.id === id);
  if (at < 0) return null;
  const group = ordered[at]!.group;
  let to = at + delta;
  while (to >= 0 && to < ordered.length && ordered[to]!.group !== group) to += delta;
  if (to < 0 || to >= ordered.length) return null;
  const ids = ordered.map((item) => item.id);
  [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  return ids;
}

export function toggleHidden(hidden: readonly string[], id: string, hide: boolean): string[] {
  const rest = hidden.filter((other) => other !== id);
  return hide ? [...rest, id] : rest;
}
