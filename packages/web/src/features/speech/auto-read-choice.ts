/**
 * Reading answers aloud per chat (decision 0122): a chat's own choice (`autoRead`, true or false)
 * wins over Voice settings' "read answers aloud"; null follows them.
 */
export function readsAnswersAloud(chatChoice: boolean | null | undefined, globalOn: boolean): boolean {
  return chatChoice ?? globalOn;
}

/**
 * What a press on the chat's switch stores: the opposite of what the chat does now, or null when
 * that is what Voice settings say anyway, so the chat keeps only a real exception.
 */
export function nextAutoReadChoice(
  chatChoice: boolean | null | undefined,
  globalOn: boolean,
): boolean | null {
  const next = !readsAnswersAloud(chatChoice, globalOn);
  return next === globalOn ? null : next;
}
