import { create } from 'zustand';

/**
 * The composer's search button: `armed` is on until the next send, which hands it to that
 * message's turn (`turn`), so every step of that answer may search; the send after it clears it.
 */
export const useWebSearchToggle = create<{ armed: boolean; turn: boolean }>(() => ({
  armed: false,
  turn: false,
}));

/** Called as a message is sent: search is on for its turn only if the button was on. */
export function consumeWebSearch(): boolean {
  const { armed } = useWebSearchToggle.getState();
  useWebSearchToggle.setState({ armed: false, turn: armed });
  return armed;
}

/** A send that did not go puts the button back as it was. */
export function restoreWebSearch(armed: boolean): void {
  useWebSearchToggle.setState({ armed, turn: false });
}
