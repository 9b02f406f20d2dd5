import { useTranslation } from 'react-i18next';
import { useSyncedSetting } from '../../state';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { CANVAS_TOOLS_ID } from '../canvas';
import { IMAGE_GENERATION_ID } from '../image-gen';
import { ImageSettingsFields } from './ImageSettingsFields';
import { CODE_INTERPRETER_ID } from './lazy-run-code-source';

/**
 * Parley's own tools at the top of the Plugins screen, each with its switch (kept in the synced
 * userPluginSettings under the tool's id). Off until the user turns it on; not counted toward the
 * free plan's plugin limit, which counts imported plugins only.
 */
export function BuiltinToolsSection() {
  const { t } = useTranslation();
  const { value: all, save } = useSyncedSetting('userPluginSettings');
  const tools = [
    {
      id: CODE_INTERPRETER_ID,
      emoji: '🐍',
      name: t('plugins.builtin.codeInterpreter'),
      description: t('plugins.builtin.codeInterpreterDescription'),
    },
    {
      id: CANVAS_TOOLS_ID,
      emoji: '🖼️',
      name: t('plugins.builtin.canvas'),
      description: t('plugins.builtin.canvasDescription'),
    },
    {
      id: IMAGE_GENERATION_ID,
      emoji: '🎨',
      name: t('plugins.builtin.imageGeneration'),
      description: t('plugins.builtin.imageGenerationDescription'),
    },
  ];
  return (
    <section aria-labelledby="builtin-tools-heading" className="flex flex-col gap-2">
      <h3 id="builtin-tools-heading" className="text-sm font-semibold">
        {t('plugins.builtin.heading')}
      </h3>
      <p className="text-[13px] text-fg-subtle">{t('plugins.builtin.note')}</p>
      <ul aria-label={t('plugins.builtin.heading')} className="flex flex-col gap-2">
        {tools.map((tool) => {
          const own = all[tool.id];
          const kept = typeof own === 'object' && own !== null ? own : {};
          const on = (kept as { enabled?: unknown }).enabled === true;
          return (
            <li key={tool.id} className="flex items-start gap-3 rounded-lg border border-line bg-raised p-3">
              <span aria-hidden="true" className="text-xl leading-none">
                {tool.emoji}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{tool.name}</p>
                <p id={`${tool.id}-description`} className="mt-0.5 text-[13px] text-fg-muted">
                  {tool.description}
                </p>
                {tool.id === IMAGE_GENERATION_ID && on && (
                  <ImageSettingsFields all={all} save={(next) => void save(next)} />
                )}
              </div>
              <ToggleSwitch
                on={on}
                label={t('plugins.builtin.toggle', { name: tool.name })}
                describedBy={`${tool.id}-description`}
                onToggle={(next) => void save({ ...all, [tool.id]: { ...kept, enabled: next } })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
