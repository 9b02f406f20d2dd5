import { parsePrompt, type Prompt } from '@parley/core/entities';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { PlusIcon } from '../../ui/icons/shell';
import { usePlatformServices, useRecordList } from '../../state';
import { useOrg } from '../cloud-sync';
import { notify } from '../toasts';
import { choosePrompt } from './choose-prompt';
import { COMMUNITY_PROMPTS } from './community-prompts';
import { PromptEditor, type PromptDraft } from './PromptEditor';
import { PromptRow } from './PromptRow';
import { matchPrompts } from './prompt-search';
import { usePromptUi } from './prompt-ui-store';
import { useCommunityPromptsEnabled } from './prompt-library-flag';

type Editing = { prompt: Prompt | null; draft: PromptDraft } | null;

/**
 * The organisation's prompts (server AD10) as the app's own parser reads them; one that does not
 * parse is left out. Read-only: used or copied to My prompts.
 */
function orgPrompts(items: readonly { item: Record<string, unknown> }[]): Prompt[] {
  const prompts: Prompt[] = [];
  for (const { item } of items) {
    try {
      prompts.push(parsePrompt(item));
    } catch {
      // Not a prompt this version can read: not shown.
    }
  }
  return prompts;
}

/**
 * The prompt library: my prompts (create, edit, delete, search), the organisation's (read-only) and
 * the bundled community ones.
 */
export function PromptLibraryDialog() {
  const { t } = useTranslation();
  const { store, ids } = usePlatformServices();
  const close = usePromptUi((state) => state.closeLibrary);
  const prompts = useRecordList('prompts');
  const communityPrompts = useCommunityPromptsEnabled();
  const { orgShared } = useOrg();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const mineId = useId();
  const communityId = useId();
  const orgId = useId();

  const insertPrompt = (prompt: { title: string; content: string }) => {
    close();
    choosePrompt(prompt);
  };
  const save = async (draft: PromptDraft) => {
    try {
      const base = editing?.prompt ?? parsePrompt({ id: `prompt-${ids.randomId()}` });
      await store.prompts.put({ ...base, ...draft });
      notify.success(t(editing?.prompt ? 'prompts.library.saved' : 'prompts.library.created'));
      setEditing(null);
    } catch (error) {
      console.error('saving a prompt failed', error);
      notify.error(t('prompts.library.saveFailed'));
    }
  };
  const remove = async (prompt: Prompt) => {
    try {
      await store.prompts.delete(prompt.id);
      notify.success(t('prompts.library.deleted', { title: prompt.title }));
    } catch (error) {
      console.error('deleting a prompt failed', error);
      notify.error(t('prompts.library.saveFailed'));
    }
  };

  const mine = matchPrompts(prompts ?? [], query);
  const community = communityPrompts ? matchPrompts(COMMUNITY_PROMPTS, query) : [];
  const organisation = matchPrompts(orgPrompts(orgShared?.prompts ?? []), query);
  const readOnly = (prompt: { title: string; content: string }) => [
    { label: t('prompts.library.use'), onClick: () => insertPrompt(prompt) },
    {
      label: t('prompts.library.copy'),
      onClick: () => setEditing({ prompt: null, draft: { title: prompt.title, content: prompt.content } }),
    },
  ];
  return (
    <Dialog
      open
      onClose={close}
      title={t('prompts.library.title')}
      closeLabel={t('prompts.library.close')}
      size="lg"
    >
      {editing ? (
        <PromptEditor initial={editing.draft} onSave={save} onCancel={() => setEditing(null)} />
      ) : (
        <div className="flex max-h-[min(640px,70vh)] flex-col gap-4 px-5 pt-3 pb-5">
          <div className="flex items-end gap-2">
            <TextField
              className="flex-1"
              type="search"
              label={t('prompts.library.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <Button
              variant="primary"
              icon={<PlusIcon size={16} />}
              onClick={() => setEditing({ prompt: null, draft: { title: '', content: '' } })}
            >
              {t('prompts.library.new')}
            </Button>
          </div>
          <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
            <section aria-labelledby={mineId}>
              <h3 id={mineId} className="mb-2 text-xs font-medium text-fg-subtle">
                {t('prompts.library.mine')}
              </h3>
              {mine.length === 0 ? (
                <p className="mb-4 rounded-xl border border-dashed border-line-strong px-4 py-5 text-center text-[13px] text-fg-subtle">
                  {prompts && prompts.length > 0 ? t('prompts.library.noMatch') : t('prompts.library.empty')}
                </p>
              ) : (
                <ul className="mb-4 flex flex-col gap-2">
                  {mine.map((prompt) => (
                    <PromptRow
                      key={prompt.id}
                      title={prompt.title}
                      content={prompt.content}
                      actions={[
                        { label: t('prompts.library.use'), onClick: () => insertPrompt(prompt) },
                        {
                          label: t('prompts.library.edit'),
                          onClick: () =>
                            setEditing({ prompt, draft: { title: prompt.title, content: prompt.content } }),
                        },
                        {
                          label: t('prompts.library.delete'),
                          onClick: () => void remove(prompt),
                          danger: true,
                        },
                      ]}
                    />
                  ))}
                </ul>
              )}
            </section>
            {organisation.length > 0 && (
              <section aria-labelledby={orgId}>
                <h3 id={orgId} className="mb-2 text-xs font-medium text-fg-subtle">
                  {t('prompts.library.organisation')}
                </h3>
                <ul className="mb-4 flex flex-col gap-2">
                  {organisation.map((prompt) => (
                    <PromptRow
                      key={prompt.id}
                      title={prompt.title}
                      content={prompt.content}
                      actions={readOnly(prompt)}
                    />
                  ))}
                </ul>
              </section>
            )}
            {community.length > 0 && (
              <section aria-labelledby={communityId}>
                <h3 id={communityId} className="mb-2 text-xs font-medium text-fg-subtle">
                  {t('prompts.library.community')}
                </h3>
                <ul className="flex flex-col gap-2">
                  {community.map((prompt) => (
                    <PromptRow
                      key={prompt.id}
                      title={prompt.title}
                      content={prompt.content}
                      actions={readOnly(prompt)}
                    />
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
