import type { SyncedSettings } from '@parley/core/entities';
import {
  replaceModelSecrets,
  splitSecretRows,
  withoutModelSecrets,
  type ModelDescriptor,
} from '@parley/core/models';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PlusIcon } from '../../ui/icons/shell';
import { useKeyVault, usePlatformServices, useSyncedSetting } from '../../state';
import { notify } from '../toasts';
import { removeCustomModel, upsertCustomModel, type CustomModel } from './custom-model-draft';
import { CustomModelForm } from './CustomModelForm';
import { CustomModelList } from './CustomModelList';
import { FetchModelsDialog } from './FetchModelsDialog';

type Editing = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; model: ModelDescriptor };

/**
 * Settings > Custom models: the synced `customModels` list, with add, edit and delete. Secret row
 * values go to the key vault, never into the synced list (see core secret-rows).
 */
export function CustomModelsSection() {
  const { t } = useTranslation();
  const { ids } = usePlatformServices();
  const { value: models, loaded, save } = useSyncedSetting('customModels');
  const secrets = useKeyVault((state) => state.secrets);
  const updateCustomSecrets = useKeyVault((state) => state.updateCustomSecrets);
  const [editing, setEditing] = useState<Editing>({ kind: 'list' });
  const [deleting, setDeleting] = useState<ModelDescriptor | null>(null);
  const [fetching, setFetching] = useState(false);
  // The form is replaced by the list on save or cancel: focus goes to "Add" rather than being lost
  // (a lost focus would also stop Escape from closing Settings).
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing.kind !== 'list' || !returnFocus.current) return;
    returnFocus.current = false;
    addButtonRef.current?.focus();
  }, [editing]);
  const backToList = () => {
    returnFocus.current = true;
    setEditing({ kind: 'list' });
  };

  const failed = (error: unknown) =>
    notify.error(
      t('customModels.saveFailed', { message: error instanceof Error ? error.message : String(error) }),
    );

  const persist = async (next: SyncedSettings['customModels'], success: string) => {
    try {
      await save(next);
      notify.success(success);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };

  /**
   * New values reach the vault first (if that fails, the settings still hold the old model and
   * nothing is lost); the values the model no longer names (a renamed or removed row, an old id) go
   * only once the settings are saved, so a failed save loses no secret.
   */
  const saveModel = async (model: CustomModel, previousId: string | null) => {
    const { model: synced, secrets: modelSecrets } = splitSecretRows(model);
    try {
      await updateCustomSecrets((current) => ({ ...current, ...modelSecrets }));
    } catch (error) {
      failed(error);
      return;
    }
    if (!(await persist(upsertCustomModel(models, synced), t('customModels.saved')))) return;
    backToList();
    await updateCustomSecrets((current) =>
      replaceModelSecrets(current, previousId, model.id, modelSecrets),
    ).catch((error: unknown) =>
      // The model is saved; a stale value left in the vault is unused and goes with the next save.
      console.warn('removing stale custom model secrets failed', error),
    );
  };

  /** Fetch models: the secrets (an API key row) to the vault first, then all models in one save. */
  const addFetched = async (added: CustomModel[]) => {
    const split = added.map((model) => splitSecretRows(model));
    try {
      await updateCustomSecrets((current) => Object.assign({ ...current }, ...split.map((s) => s.secrets)));
    } catch (error) {
      failed(error);
      return false;
    }
    const next = split.reduce((list, { model }) => upsertCustomModel(list, model), models);
    return persist(next, t('customModels.fetch.addedToast', { count: added.length }));
  };

  /** The settings first: the secrets go only once the model is gone. */
  const deleteModel = async (model: ModelDescriptor) => {
    if (!(await persist(removeCustomModel(models, model.id), t('customModels.deleted')))) return;
    await updateCustomSecrets((current) => withoutModelSecrets(current, model.id)).catch(failed);
  };

  if (editing.kind !== 'list') {
    return (
      <CustomModelForm
        editing={editing.kind === 'edit' ? editing.model : undefined}
        secrets={secrets}
        newId={() => `custom-${ids.randomId()}`}
        onCancel={backToList}
        onSave={(model) => saveModel(model, editing.kind === 'edit' ? editing.model.id : null)}
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
      <div className="flex flex-wrap gap-2">
        <Button
          ref={addButtonRef}
          variant="primary"
          wrap
          icon={<PlusIcon size={16} />}
          onClick={() => setEditing({ kind: 'add' })}
        >
          {t('customModels.add')}
        </Button>
        <Button onClick={() => setFetching(true)}>{t('customModels.fetch.open')}</Button>
      </div>
      {fetching && (
        <FetchModelsDialog
          open
          onClose={() => setFetching(false)}
          existing={models}
          newId={() => `custom-${ids.randomId()}`}
          onAdd={addFetched}
        />
      )}
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
              await deleteModel(deleting);
            }}
          >
            {t('customModels.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
