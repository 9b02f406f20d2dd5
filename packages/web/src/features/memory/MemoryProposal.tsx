import { messageText, parseMemoryEntry } from '@parley/core/entities';
import { isKnownFact, proposeMemoryFact } from '@parley/core/persona';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { MemoryIcon } from '../../ui/icons/settings';
import { usePlatformServices, useRecordList } from '../../state';
import { useActiveChat, useChatRuntime } from '../chat';
import { notify } from '../toasts';
import { markProposed, wasProposed } from './proposal-seen';

/** The proposal itself: fetched once global memory is on (decision 0141). */
export function Proposal() {
  const { t } = useTranslation();
  const { store, ids } = usePlatformServices();
  const runtime = useChatRuntime();
  const chat = useActiveChat((state) => state.chat);
  const streaming = useStore(runtime.streaming, (state) => (chat ? chat.id in state.answers : false));
  const entries = useRecordList('memory');
  const [, setAnswered] = useState(0);
  if (!chat || chat.deletedAt || streaming || entries === null) return null;
  const live = chat.messages.filter((message) => !message.deletedAt);
  const last = live.at(-1);
  const question = live.findLast((message) => message.role === 'user');
  // Only once the answer is there (the last message is the assistant's reply to it).
  if (!last || !question || last.role !== 'assistant' || wasProposed(question.id)) return null;
  const fact = proposeMemoryFact(messageText(question));
  if (!fact || isKnownFact(fact, entries)) return null;

  const close = () => {
    markProposed(question.id);
    setAnswered((count) => count + 1);
  };
  const remember = () => {
    close();
    store.memory
      .put(parseMemoryEntry({ id: `memory-${ids.randomId()}`, content: fact, sourceChatID: chat.id }))
      .then(() => notify.success(t('memory.proposal.saved')))
      .catch((error: unknown) => {
        console.error('saving a memory failed', error);
        notify.error(t('memory.section.saveFailed'));
      });
  };
  return (
    <section
      aria-label={t('memory.proposal.title')}
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-raised px-3 py-2 text-sm shadow-xs"
    >
      <MemoryIcon size={16} className="shrink-0 text-accent" />
      <p className="min-w-48 flex-1 text-fg">
        <span className="font-medium">{t('memory.proposal.title')}</span>{' '}
        <q className="text-fg-muted">{fact}</q>
      </p>
      <div className="flex gap-1.5">
        <Button size="sm" variant="ghost" onClick={close}>
          {t('memory.proposal.dismiss')}
        </Button>
        <Button size="sm" variant="primary" onClick={remember}>
          {t('memory.proposal.save')}
        </Button>
      </div>
    </section>
  );
}
