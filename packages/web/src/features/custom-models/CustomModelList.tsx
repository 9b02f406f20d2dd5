import type { ModelDescriptor } from '@parley/core/models';
import { formatContextLength } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { CubeIcon, PencilIcon, TrashIcon } from '../../ui/icons/settings';

type CustomModelListProps = {
  models: readonly ModelDescriptor[];
  onEdit: (model: ModelDescriptor) => void;
  onDelete: (model: ModelDescriptor) => void;
};

export function CustomModelList({ models, onEdit, onDelete }: CustomModelListProps) {
  const { t, i18n } = useTranslation();
  if (models.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-subtle">
        {t('customModels.empty')}
      </p>
    );
  }
  return (
    <ul aria-label={t('settings.sections.customModels')} className="flex flex-col gap-2">
      {models.map((model) => (
        <li
          key={model.id}
          className="flex items-center gap-3 rounded-xl border border-line bg-raised px-3 py-2.5"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-sunken text-fg-muted"
          >
            <CubeIcon size={16} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">{model.title}</p>
            <p className="truncate font-mono text-[12px] text-fg-subtle">{model.modelID}</p>
            <p className="truncate text-[12px] text-fg-subtle">
              {t('customModels.summary', {
                apiType: t(`customModels.apiTypes.${model.apiType === 'setapp' ? 'openai' : model.apiType}`),
                tokens: formatContextLength(model.contextLength, i18n.language),
              })}
              {model.endpoint ? ` · ${model.endpoint}` : ''}
            </p>
          </div>
          <IconButton
            label={t('customModels.editLabel', { title: model.title })}
            icon={<PencilIcon size={16} />}
            onClick={() => onEdit(model)}
          />
          <IconButton
            label={t('customModels.deleteLabel', { title: model.title })}
            icon={<TrashIcon size={16} />}
            onClick={() => onDelete(model)}
            className="hover:text-danger"
          />
        </li>
      ))}
    </ul>
  );
}
