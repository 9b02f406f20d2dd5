/**
 * The one door between the web app and the macOS app wrapper (decision 0124).
 *
 * The wrapper is a native window around this web app (WKWebView). It registers a script message
 * handler named `parley`, which WebKit exposes to the page as `window.webkit.messageHandlers.parley`.
 * Every message the app sends to the wrapper goes through `sendToMacWrapper`, typed by
 * `MacWrapperMessage` below, so a wrapper author reads this file to learn the whole protocol.
 *
 * In a plain browser there is no such handler: every call is a no-op that returns `false`. A failing
 * handler is logged and never breaks the app (the wrapper is an extra, the web app works without it).
 */

/** The handler name the wrapper registers (`WKUserContentController.add(_:name:)`). */
export const MACOS_MESSAGE_HANDLER = 'parley';

/**
 * What the app tells the wrapper. The spec names one message; a new one is added here, with its
 * meaning, before the app sends it.
 *
 * - `clearAllData`: the user confirmed "Clear All Data" (fatal-error screen's recovery options, or
 *   Settings). The page has cleared localStorage and IndexedDB and reloads next; the wrapper clears
 *   what it keeps of its own (its website data store, caches, saved window state).
 */
export type MacWrapperMessage = { readonly type: 'clearAllData' };

export const CLEAR_ALL_DATA_MESSAGE: MacWrapperMessage = { type: 'clearAllData' };

interface MessageHandler {
  postMessage(message: unknown): void;
}

interface WebkitHost {
  webkit?: { messageHandlers?: Record<string, MessageHandler | undefined> };
}

function defaultHost(): unknown {
  return typeof window === 'undefined' ? undefined : window;
}

function handlerOf(host: unknown): MessageHandler | undefined {
  const handler = (host as WebkitHost | undefined)?.webkit?.messageHandlers?.[MACOS_MESSAGE_HANDLER];
  return typeof handler?.postMessage === 'function' ? handler : undefined;
}

/** True when the app runs inside the macOS wrapper (its message handler is present). */
export function isInMacWrapper(host: unknown = defaultHost()): boolean {
  return handlerOf(host) !== undefined;
}

/**
 * Sends one message to the wrapper: true when a wrapper received it, false in a browser (no-op) or
 * when the handler threw (logged).
 */
export function sendToMacWrapper(message: MacWrapperMessage, host: unknown = defaultHost()): boolean {
  const handler = handlerOf(host);
  if (!handler) return false;
  try {
    handler.postMessage(message);
    return true;
  } catch (error) {
    console.error('notifying the macOS app failed', error);
    return false;
  }
}
