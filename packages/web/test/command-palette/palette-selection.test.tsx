import type { ChatSearchResult } from '@parley/core/search';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useMessageFocus } from '../../src/features/chat/message-focus';
import PalettePanel from '../../src/features/command-palette/PalettePanel';
import type { SearchClient, SearchOutcome } from '../../src/features/search/search-client';
import { SearchClientProvider } from '../../src/features/search/search-client-context';
import { ThemeProvider } from '../../src/features/theme';
import { renderWithChat } from '../chat/render-chat';
import { testServices } from '../support/test-services';

/** A chat found only by a word of its messages (a community prompt holds the word too). */
const found: ChatSearchResult = {
  chatId: 'ch-dinner',
  title: 'Quick dinner ideas',
  matchedIn: 'message',
  titleHighlight: null,
  messageId: 'm-2',
  otherVersion: false,
  preview: {
    text: 'Here are three options',
    highlight: { start: 15, end: 22 },
    clippedStart: false,
    clippedEnd: false,
  },
  archived: false,
  updatedAt: '2024-05-03T12:00:00.000Z',
};

/**
 * Answers each query a moment after the palette's own items have shown, as the worker does;
 * `indexed()` says the index grew (the palette asks again).
 */
function slowSearch(): SearchClient & { indexed(): void; asked: number } {
  const listeners = new Set<() => void>();
  let version = 1;
  return {
    asked: 0,
    indexed: () => {
      version += 1;
      for (const listener of listeners) listener();
    },
    search(query) {
      this.asked += 1;
      return new Promise<SearchOutcome>((resolve) =>
        setTimeout(
          () =>
            resolve({
              kind: 'answered',
              response: {
                normalizedQuery: query,
                results: query.includes('option') ? [found] : [],
                hasMore: false,
              },
              complete: true,
              tookMs: 1,
            }),
          30,
        ),
      );
    },
    status: () => ({
      phase: 'ready',
      read: 1,
      total: 1,
      indexed: 1,
      restored: 0,
      reindexed: 0,
      version,
      transport: 'in-process',
      reader: 'main-thread',
    }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => Promise.reject(new Error('not in this test')),
    dispose: () => undefined,
  };
}

describe('the command palette', () => {
  it('selects the first result whatever its kind, also when chat results arrive after the prompts; Enter opens it at the message', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { runtime } = renderWithChat(
      <ThemeProvider controller={testServices().services.theme}>
        <SearchClientProvider value={slowSearch()}>
          <PalettePanel onClose={onClose} />
        </SearchClientProvider>
      </ThemeProvider>,
    );
    const open = vi.spyOn(runtime.active, 'open').mockResolvedValue(undefined);
    const input = await screen.findByRole('combobox');
    await user.click(input);
    await user.paste('options');
    const chat = await screen.findByRole('option', { name: /Quick dinner ideas/ });
    // A prompt mentioning "options" showed first; the chat result above it is selected now.
    expect(screen.getAllByRole('option').length).toBeGreaterThan(1);
    await waitFor(() => expect(chat.getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('ch-dinner');
    expect(useMessageFocus.getState().request).toEqual({ chatId: 'ch-dinner', messageId: 'm-2' });
  });

  it('an item the user moved to stays selected when more results arrive', async () => {
    const user = userEvent.setup();
    const search = slowSearch();
    renderWithChat(
      <ThemeProvider controller={testServices().services.theme}>
        <SearchClientProvider value={search}>
          <PalettePanel onClose={() => undefined} />
        </SearchClientProvider>
      </ThemeProvider>,
    );
    const input = await screen.findByRole('combobox');
    await user.click(input);
    await user.paste('options');
    await screen.findByRole('option', { name: /Quick dinner ideas/ });
    await user.keyboard('{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second.getAttribute('aria-selected')).toBe('true');
    const asked = search.asked;
    act(() => search.indexed());
    await waitFor(() => expect(search.asked).toBeGreaterThan(asked));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(second.getAttribute('aria-selected')).toBe('true');
  });
});
