import { imageQualities, imageSizes } from '@parley/core/images';
import { useTranslation } from 'react-i18next';
import { IMAGE_GENERATION_ID, imageModelChoices, imageSettingsOf } from '../image-gen';

type Settings = Record<string, Record<string, unknown>>;

/** The image generation tool's model, size and quality, kept beside its switch (decision 0127). */
export function ImageSettingsFields({ all, save }: { all: Settings; save: (next: Settings) => void }) {
  const { t } = useTranslation();
  const current = imageSettingsOf(all);
  const own = all[IMAGE_GENERATION_ID];
  const kept = own ?? {};
  const set = (field: string, value: string) =>
    save({ ...all, [IMAGE_GENERATION_ID]: { ...kept, [field]: value } });
  const qualityLabel = {
    auto: t('plugins.builtin.imageAuto'),
    low: t('plugins.builtin.imageQualityLow'),
    medium: t('plugins.builtin.imageQualityMedium'),
    high: t('plugins.builtin.imageQualityHigh'),
  };
  const field = 'flex flex-col gap-1 text-[13px] text-fg-muted';
  const select = 'rounded-md border border-line bg-surface px-2 py-1 text-sm text-fg';
  return (
    <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
      <label className={field}>
        {t('plugins.builtin.imageModel')}
        <select
          className={select}
          value={current.model}
          onChange={(event) => set('model', event.target.value)}
        >
          {imageModelChoices.map((choice) => (
            <option key={choice.model} value={choice.model}>
              {choice.model}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        {t('plugins.builtin.imageSize')}
        <select className={select} value={current.size} onChange={(event) => set('size', event.target.value)}>
          {imageSizes.map((size) => (
            <option key={size} value={size}>
              {size === 'auto' ? t('plugins.builtin.imageAuto') : size.replace('x', ' × ')}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        {t('plugins.builtin.imageQuality')}
        <select
          className={select}
          value={current.quality}
          onChange={(event) => set('quality', event.target.value)}
        >
          {imageQualities.map((quality) => (
            <option key={quality} value={quality}>
              {qualityLabel[quality]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
