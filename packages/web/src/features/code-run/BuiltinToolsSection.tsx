import { useTranslation } from 'react-i18next';
import { useSyncedSetting } from '../../state';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { CODE_INTERPRETER_ID } from './lazy-run-code-source';

/**
 * Parley's own tools at the top of the Plugins screen, each with its switch (kept in the synced
 * userPluginSettings under the tool's id). Off until the user turns it on; not counted toward the
 * free plan's plugin limit, which counts imported plugins only.
 */
export function BuiltinToolsSection() {
  const { t } = useTranslation();
  const { value: all, save } = useSyncedSetting('userPluginSettings');
  const own = all[CODE_INTERPRETER_ID];
  const on = typeof own === 'object' && own !== null && (own as { enabled?: unknown }).enabled === true;
  const name = t('plugins.builtin.codeInterpreter');
  return (
    <section aria-labelledby="builtin-tools-heading" className="flex flex-col gap-2">
      <h3 id="builtin-tools-heading" className="text-sm font-semibold">
        {t('plugins.builtin.heading')}
      </h3>
      <p className="text-[13px] text-fg-subtle">{t('plugins.builtin.note')}</p>
      <ul aria-label={t('plugins.builtin.heading')} className="flex flex-col gap-2">
        <li className="flex items-start gap-3 rounded-lg border border-line bg-raised p-3">
          <span aria-hidden="true" className="text-xl leading-none">
            🐍
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium">{name}</p>
            <p id="code-interpreter-description" className="mt-0.5 text-[13px] text-fg-muted">
              {t('plugins.builtin.codeInterpreterDescription')}
            </p>
          </div>
          <ToggleSwitch
            on={on}
            label={t('plugins.builtin.toggle', { name })}
            describedBy="code-interpreter-description"
            onToggle={(next) =>
              void save({
                ...all,
                [CODE_INTERPRETER_ID]: { ...(typeof own === 'object' && own ? own : {}), enabled: next },
              })
            }
          />
        </li>
      </ul>
    </section>
  );
}
