import type { SendKey } from '../../state';

type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'isComposing'>;

/** True when this key press sends the message; otherwise Enter adds a line as a text box does. */
export function isSendPress(event: KeyPress, sendKey: SendKey): boolean {
  if (event.key !== 'Enter' || event.isComposing || event.shiftKey) return false;
  const withModifier = event.ctrlKey || event.metaKey;
  return sendKey === 'enter' || withModifier;
}
