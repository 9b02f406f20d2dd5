import { useSyncExternalStore } from 'react';
import { localPref } from '../lib/local-pref';

/** Which key sends a message: Enter (Shift+Enter for a new line), or Ctrl/Cmd+Enter (Enter for a new line). */
export type SendKey = 'enter' | 'modEnter';

// Per device, not synced: a phone's on-screen Enter and a desktop keyboard want different habits.
const sendKeyPref = localPref<SendKey>(
  'TM_sendKey',
  (value) => (value === 'enter' || value === 'modEnter' ? value : undefined),
  'enter',
);

let current: SendKey | undefined;
const listeners = new Set<() => void>();

function read(): SendKey {
  current ??= sendKeyPref.read();
  return current;
}

export function setSendKey(value: SendKey): void {
  current = value;
  sendKeyPref.write(value);
  for (const listener of listeners) listener();
}

export function useSendKey(): SendKey {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => 'enter',
  );
}
