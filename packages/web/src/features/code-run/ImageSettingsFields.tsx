import { imageBackgrounds, imageQualities, imageSizes } from '@parley/core/images';
import { useTranslation } from 'react-i18next';
import {
  hasGptImageOptions,
  IMAGE_GENERATION_ID,
  imageCounts,
  imageModelChoices,
  imageSettingsOf,
} from '../image-gen';

type Settings = Record<string, Record<string, unknown>>;

/**
 * The image generation tool's model, size and quality, kept beside its switch (decision 0127), and
 * for OpenAI's gpt-image models the background and how many pictures a request makes (0136).
 */
export function ImageSettingsFields({ all, save }: { all: Settings; save: (next: Settings) => void }) {
  const { t } = useTranslation();
  const current = imageSettingsOf(all);
  const own = all[IMAGE_GENERATION_ID];
  const kept = own ?? {};
  const set = (field: string, value: string | number) =>
    save({ ...all, [IMAGE_GENERATION_ID]: { ...kept, [field]: value } });
  const qualityLabel = {
    auto: t('plugins.builtin.imageAuto'),
    low: t('plugins.builtin.imageQualityLow'),
    medium: t('plugins.builtin.imageQualityMedium'),
    high: t('plugins.builtin.imageQualityHigh'),
  };
  const backgroundLabel = {
    auto: t('plugins.builtin.imageAuto'),
    opaque: t('plugins.builtin.imageBackgroundOpaque'),
    transparent: t('plugins.builtin.imageBackgroundTransparent'),
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
      {hasGptImageOptions(current.provider) && (
        <>
          <label className={field}>
            {t('plugins.builtin.imageBackground')}
            <select
              className={select}
              value={current.background}
              onChange={(event) => set('background', event.target.value)}
            >
              {imageBackgrounds.map((background) => (
                <option key={background} value={background}>
                  {backgroundLabel[background]}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            {t('plugins.builtin.imageCount')}
            <select
              className={select}
              value={current.n}
              onChange={(event) => set('n', Number(event.target.value))}
            >
              {imageCounts.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </div>
  );
}
