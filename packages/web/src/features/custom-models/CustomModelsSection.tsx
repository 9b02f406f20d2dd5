import type { SyncedSettings } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PlusIcon } from '../../ui/icons/shell';
import { useChatRuntime } from '../chat/chat-runtime';
import { notify } from '../toasts/notify';
import { removeCustomModel, upsertCustomModel } from './custom-model-draft';
import { CustomModelForm } from './CustomModelForm';
import { CustomModelList } from './CustomModelList';
import { useSyncedSetting } from './use-synced-setting';

type Editing = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; model: ModelDescriptor };

/** Settings > Custom models: the synced `customModels` list, with add, edit and delete. */
export function CustomModelsSection() {
  const { t } = useTranslation();
  const { store, ids } = useChatRuntime().services;
  const { value: models, loaded, save } = useSyncedSetting(store, 'customModels');
  const [editing, setEditing] = useState<Editing>({ kind: 'list' });
  const [deleting, setDeleting] = useState<ModelDescriptor | null>(null);

  const persist = async (next: SyncedSettings['customModels'], success: string) => {
    try {
      await save(next);
      notify.success(success);
      return true;
    } catch (error) {
      notify.error(
        t('customModels.saveFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
      return false;
    }
  };

  if (editing.kind !== 'list') {
    return (
      <CustomModelForm
        editing={editing.kind === 'edit' ? editing.model : undefined}
        newId={() => `custom-${ids.randomId()}`}
        onCancel={() => setEditing({ kind: 'list' })}
        onSave={async (model) => {
          if (await persist(upsertCustomModel(models, model), t('customModels.saved')))
            setEditing({ kind: 'list' });
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('customModels.intro')}</p>
      {loaded && (
        <CustomModelList
          models={models}
          onEdit={(model) => setEditing({ kind: 'edit', model })}
          onDelete={setDeleting}
        />
      )}
      <Button
        variant="primary"
        className="self-start"
        icon={<PlusIcon size={16} />}
        onClick={() => setEditing({ kind: 'add' })}
      >
        {t('customModels.add')}
      </Button>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        size="sm"
        title={t('customModels.deleteTitle')}
        description={t('customModels.deleteBody', { title: deleting?.title ?? '' })}
      >
        <div className="flex justify-end gap-2 px-5 pt-5 pb-4">
          <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
          <Button
            variant="danger"
            onClick={async () => {
              if (!deleting) return;
              setDeleting(null);
              await persist(removeCustomModel(models, deleting.id), t('customModels.deleted'));
            }}
          >
            {t('customModels.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
