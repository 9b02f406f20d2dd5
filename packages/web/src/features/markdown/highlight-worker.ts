import { answer } from './highlight-engine';
import type { HighlightRequest } from './highlight-protocol';

/** The highlighting worker: shiki off the page (see highlight-engine.ts). */
addEventListener('message', (event: MessageEvent<HighlightRequest>) => {
  void answer(event.data).then((response) => postMessage(response));
});
