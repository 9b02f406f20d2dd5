import type { OrgSharedItem, OrgSharedKind } from '@parley/core/sync-client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useCloudSync } from '../cloud-sync';
import { emptyDraft, draftOf, itemOfDraft, type SharedDraft } from './shared-draft';
import { useOrgAction, useOrgClient, useOrgData } from './use-org-call';

/**
 * The organisation's shared agents and prompts (AD8-AD11): published to every member, who sees
 * them read-only. Admins and content-moderators add, edit and remove them here.
 */
export function SharedTab() {
  const { t } = useTranslation();
  const org = useOrgClient();
  const cloudSync = useCloudSync();
  const act = useOrgAction();
  const { data, error, loading, reload } = useOrgData(() => org.shared());
  const [draft, setDraft] = useState<SharedDraft | null>(null);
  const changed = () => {
    reload();
    // This device's own libraries show the change at once, not at the next sync.
    void cloudSync.refreshOrg();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const item = itemOfDraft(draft);
    const done = t('admin.shared.published', { title: draft.title.trim() });
    const saved = await act(
      () => (draft.id ? org.update(draft.kind, draft.id, item) : org.publish(draft.kind, item)),
      done,
    );
    if (!saved) return;
    setDraft(null);
    changed();
  };
  const remove = async (kind: OrgSharedKind, shared: OrgSharedItem) => {
    const title = typeof shared.item.title === 'string' ? shared.item.title : shared.id;
    await act(() => org.remove(kind, shared.id), t('admin.shared.removed', { title }));
    changed();
  };

  if (draft) {
    const set = (fields: Partial<SharedDraft>) => setDraft({ ...draft, ...fields });
    return (
      <form onSubmit={(event) => void save(event)} className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-fg">
          {draft.id ? t('admin.shared.editTitle') : t('admin.shared.newTitle')}
        </h3>
        {!draft.id && (
          <SegmentedControl
            label={t('admin.shared.kind')}
            value={draft.kind}
            options={[
              { value: 'agents', label: t('admin.shared.agent') },
              { value: 'prompts', label: t('admin.shared.prompt') },
            ]}
            onValueChange={(kind: OrgSharedKind) => set({ kind })}
          />
        )}
        <TextField
          label={t('admin.shared.name')}
          required
          value={draft.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        {draft.kind === 'agents' ? (
          <>
            <TextField
              label={t('admin.shared.description')}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
            <TextAreaField
              label={t('admin.shared.instruction')}
              rows={6}
              value={draft.instruction}
              onChange={(e) => set({ instruction: e.target.value })}
            />
            <TextAreaField
              label={t('admin.shared.welcome')}
              rows={2}
              value={draft.welcomeMessage}
              onChange={(e) => set({ welcomeMessage: e.target.value })}
            />
          </>
        ) : (
          <TextAreaField
            label={t('admin.shared.content')}
            hint={t('admin.shared.contentHint')}
            rows={6}
            required
            value={draft.content}
            onChange={(e) => set({ content: e.target.value })}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary">
            {t('admin.shared.publish')}
          </Button>
          <Button variant="ghost" onClick={() => setDraft(null)}>
            {t('admin.shared.cancel')}
          </Button>
        </div>
      </form>
    );
  }

  if (!data) return <p className="text-sm text-fg-subtle">{error ?? (loading ? t('admin.loading') : '')}</p>;
  const list = (kind: OrgSharedKind, items: OrgSharedItem[]) => (
    <section aria-labelledby={`shared-${kind}`} className="flex flex-col gap-2">
      <h3 id={`shared-${kind}`} className="text-sm font-semibold text-fg">
        {t(`admin.shared.${kind}`)}
      </h3>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-4 text-center text-[13px] text-fg-subtle">
          {t('admin.shared.none')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {items.map((shared) => {
            const title = typeof shared.item.title === 'string' ? shared.item.title : shared.id;
            const line = kind === 'agents' ? shared.item.description : shared.item.content;
            return (
              <li
                key={shared.id}
                className="flex flex-col gap-2 rounded-xl border border-line bg-raised p-3 shadow-xs"
              >
                <p className="truncate text-sm font-semibold text-fg">{title}</p>
                {typeof line === 'string' && line && (
                  <p className="line-clamp-2 text-[13px] text-fg-subtle">{line}</p>
                )}
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setDraft(draftOf(kind, shared))}>
                    {t('admin.shared.edit', { title })}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => void remove(kind, shared)}>
                    {t('admin.shared.remove', { title })}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-[13px] text-fg-subtle">{t('admin.shared.intro')}</p>
      <Button variant="primary" className="self-start" onClick={() => setDraft(emptyDraft('agents'))}>
        {t('admin.shared.add')}
      </Button>
      {list('agents', data.agents)}
      {list('prompts', data.prompts)}
    </div>
  );
}
