import { PublicShareResponseSchema, SHARE_PATHS, type SharedChat } from '@parley/core/sync-client';
import { randomIdGenerator, systemClock } from '@parley/core/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { openLocalStore } from '../../adapters/storage';
import { Button } from '../../ui/Button';
import { activeChatPref } from '../chat';
import { MessageBoundary } from '../errors';
import { MarkdownView } from '../markdown';
import { chatFromShare } from './chat-from-share';

type PageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; chat: SharedChat };

/**
 * The public page of a share link (`/s/<id>`): the conversation read-only, rendered through the
 * app's sanitising markdown (no raw HTML, no script; nesting bounded, each message in its own error
 * boundary: decision 0068), marked noindex, with the model and date, and
 * "Continue this chat in Parley", which copies it into this browser's chats.
 */
export default function SharedChatPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [copying, setCopying] = useState(false);

  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, nofollow';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
  useEffect(() => {
    let live = true;
    fetch(`${SHARE_PATHS.publicOne}/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (response.status === 404) return { status: 'missing' } as const;
        if (!response.ok) return { status: 'failed' } as const;
        const parsed = PublicShareResponseSchema.safeParse(await response.json());
        return parsed.success
          ? ({ status: 'ready', chat: parsed.data.share } as const)
          : ({ status: 'failed' } as const);
      })
      .catch(() => ({ status: 'failed' }) as const)
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => {
    if (state.status === 'ready') document.title = `${state.chat.title} · Parley`;
  }, [state]);

  const continueHere = async (chat: SharedChat) => {
    setCopying(true);
    const store = await openLocalStore();
    const copy = chatFromShare(chat, { clock: systemClock, ids: randomIdGenerator });
    await store.chats.put(copy);
    activeChatPref.write(copy.id);
    window.location.assign('/');
  };

  if (state.status !== 'ready') {
    return (
      <main className="mx-auto flex min-h-dvh max-w-3xl flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-lg font-semibold text-fg">
          {state.status === 'loading'
            ? t('share.page.loading')
            : state.status === 'missing'
              ? t('share.page.missing')
              : t('share.page.failed')}
        </h1>
        {state.status !== 'loading' && (
          <a href="/" className="text-sm text-accent underline">
            {t('share.page.openParley')}
          </a>
        )}
      </main>
    );
  }
  const { chat } = state;
  const date = format.date(new Date(chat.createdAt));
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1 border-b border-line pb-4">
        <p className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{t('share.page.kicker')}</p>
        <h1 className="text-xl font-semibold text-fg">{chat.title || t('share.page.untitled')}</h1>
        <p className="text-sm text-fg-muted">
          {chat.model
            ? t('share.page.meta', { model: chat.model, date })
            : t('share.page.metaNoModel', { date })}
        </p>
      </header>
      <ol aria-label={t('share.page.messages')} className="flex flex-col gap-4">
        {chat.messages.map((message, index) => (
          <li
            key={index}
            className={
              message.role === 'user'
                ? 'self-end rounded-2xl bg-sunken px-4 py-3 text-fg sm:max-w-[85%]'
                : 'text-fg'
            }
          >
            <p className="mb-1 text-xs font-medium text-fg-subtle">
              {message.role === 'user' ? t('share.page.user') : (message.model ?? t('share.page.assistant'))}
            </p>
            {/* One message that cannot be rendered says so; the page and the others stay (decision 0068). */}
            <MessageBoundary text={message.content}>
              <MarkdownView text={message.content} />
            </MessageBoundary>
          </li>
        ))}
      </ol>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <p className="text-sm text-fg-muted">{t('share.page.readOnly')}</p>
        <Button variant="primary" disabled={copying} onClick={() => void continueHere(chat)}>
          {t('share.page.continue')}
        </Button>
      </footer>
    </main>
  );
}
