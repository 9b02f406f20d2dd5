import { formatContextLength, formatPricePer1M, type ModelDescriptor } from '@parley/core/models';
import { useTranslation } from 'react-i18next';

/** Context length and price of a model, as its metadata says (MD1); no price reads "Price unknown". */
export function ModelFacts({ id, model }: { id: string; model: ModelDescriptor }) {
  const { t, i18n } = useTranslation();
  return (
    <span id={id} className="flex flex-wrap gap-x-2 text-xs text-fg-subtle">
      <span>
        {t('modelPicker.contextLength', {
          tokens: formatContextLength(model.contextLength, i18n.language),
        })}
      </span>
      <span aria-hidden="true">·</span>
      <span>
        {model.pricing
          ? t('modelPicker.price', {
              prompt: formatPricePer1M(model.pricing.prompt),
              completion: formatPricePer1M(model.pricing.completion),
            })
          : t('modelPicker.noPrice')}
      </span>
    </span>
  );
}
