import { canvasEditNote, newUserMessage } from '@parley/core/chat';
import { findModel } from '@parley/core/models';
import { useMemo } from 'react';
import { CanvasHost, useCanvas, type CanvasEditPort } from '../features/canvas';
import { useActiveChat, useChatRuntime } from '../features/chat';
import { HighlightedSource, MarkdownView } from '../features/markdown';
import { useTheme } from '../features/theme';
import { providerAccessIn, useKeyVaultStore, useModelListsStore, useSyncedSettings } from '../state';

const renderMarkdown = (text: string) => <MarkdownView text={text} />;
const renderSource = (code: string, language: string, label: string) => (
  <HighlightedSource
    code={code}
    language={language}
    label={label}
    className="min-h-full px-4 py-3 font-mono text-[13px] leading-relaxed whitespace-pre-wrap"
  />
);
const NO_MESSAGES: [] = [];

/**
 * The canvas panel, given the open chat's messages (where a canvas finds its versions, decision
 * 0093), the theme, and what "Edit in canvas" needs (decision 0135): the chat's model with the
 * user's key, and the chat to save a version made in the canvas to (chat SPEC CV5).
 */
export default function CanvasSlot() {
  const open = useCanvas((state) => state.document !== null);
  const messages = useActiveChat((state) => (open ? state.chat?.messages : undefined));
  const chatId = useActiveChat((state) => state.chat?.id ?? null);
  const dark = useTheme().resolved === 'dark';
  const runtime = useChatRuntime();
  const keyVault = useKeyVaultStore();
  const modelLists = useModelListsStore();
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const defaultModel = useSyncedSettings((state) => state.values.defaultModel);

  const edits = useMemo((): CanvasEditPort | null => {
    if (chatId === null) return null;
    return {
      fetch: (input, init) => runtime.services.fetch(input, init),
      model() {
        // The model the chat answers with (as "Ask about Parley" chooses it).
        const id = runtime.active.getState().chat?.model ?? defaultModel;
        const model = findModel(id, customModels) ?? modelLists.getState().known.get(id);
        if (!model) return { ok: false, problem: 'no-model' };
        if (model.provider === 'custom') return { ok: true, model, access: { apiKey: '' } };
        const stored = providerAccessIn(keyVault.getState(), model.provider);
        if (model.skipAPIKey) return { ok: true, model, access: { apiKey: '', endpoint: stored.endpoint } };
        if (!stored.apiKey) return { ok: false, problem: 'no-key', model: model.title };
        return { ok: true, model, access: { apiKey: stored.apiKey, endpoint: stored.endpoint } };
      },
      async save(document) {
        const { clock, ids } = runtime.services;
        const note = newUserMessage(canvasEditNote(document), { clock, ids });
        const outcome = await runtime.session.append(chatId, [note]);
        return outcome.ok;
      },
    };
  }, [chatId, runtime, keyVault, modelLists, customModels, defaultModel]);

  return (
    <CanvasHost
      renderMarkdown={renderMarkdown}
      renderSource={renderSource}
      messages={messages ?? NO_MESSAGES}
      dark={dark}
      edits={edits}
    />
  );
}
