import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLEAR_ALL_DATA_MESSAGE,
  isInMacWrapper,
  MACOS_MESSAGE_HANDLER,
  sendToMacWrapper,
  type MacWrapperMessage,
} from '../../src/adapters/platform';

/** A window as WKWebView shapes it when the wrapper registered its `parley` handler. */
function wrapperHost(postMessage: (message: unknown) => void) {
  return { webkit: { messageHandlers: { [MACOS_MESSAGE_HANDLER]: { postMessage } } } };
}

describe('macOS wrapper bridge (decision 0124)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends clear-all-data to the wrapper handler named parley, as is', () => {
    const received: unknown[] = [];
    const host = wrapperHost((message) => received.push(message));
    expect(isInMacWrapper(host)).toBe(true);
    expect(sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE, host)).toBe(true);
    expect(received).toEqual([{ type: 'clearAllData' }]);
  });

  it('is a no-op in a browser: no webkit, other handlers only, or a handler without postMessage', () => {
    const others: unknown[] = [];
    const hosts: unknown[] = [
      undefined,
      {},
      { webkit: {} },
      { webkit: { messageHandlers: { somebodyElse: { postMessage: (m: unknown) => others.push(m) } } } },
      { webkit: { messageHandlers: { parley: {} } } },
    ];
    for (const host of hosts) {
      expect(isInMacWrapper(host)).toBe(false);
      expect(sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE, host)).toBe(false);
    }
    expect(others).toEqual([]);
  });

  it('uses the page window by default: jsdom has no wrapper, then one is installed', () => {
    expect(sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE)).toBe(false);
    const received: MacWrapperMessage[] = [];
    const win = window as unknown as { webkit?: unknown };
    win.webkit = wrapperHost((message) => received.push(message as MacWrapperMessage)).webkit;
    try {
      expect(isInMacWrapper()).toBe(true);
      expect(sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE)).toBe(true);
      expect(received).toEqual([CLEAR_ALL_DATA_MESSAGE]);
    } finally {
      delete win.webkit;
    }
  });

  it('a throwing handler is logged and never breaks the caller', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = wrapperHost(() => {
      throw new Error('handler gone');
    });
    expect(sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE, host)).toBe(false);
    expect(log).toHaveBeenCalledWith('notifying the macOS app failed', expect.any(Error));
  });
});
