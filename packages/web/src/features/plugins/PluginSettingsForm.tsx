import type { Plugin, PluginUserSetting } from '@parley/core/entities';
import { isSecretSetting } from '@parley/core/plugins';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { SubScreenHeader } from '../../ui/SubScreenHeader';
import { TextField } from '../../ui/TextField';
import { errorClasses } from '../../ui/field-classes';
import { customSecretsIn, useKeyVault, useSyncedSetting } from '../../state';
import { usePluginActions, type SettingValues } from './use-plugin-actions';
import { pluginSecretsIn } from './use-plugins';

const inputType = { text: 'text', password: 'password', number: 'number', email: 'email' } as const;

function initialValues(
  plugin: Plugin,
  stored: Readonly<Record<string, unknown>> | undefined,
  secrets: Record<string, string>,
): SettingValues {
  const values: SettingValues = {};
  for (const setting of plugin.userSettings) {
    const value = isSecretSetting(setting) ? secrets[setting.name] : stored?.[setting.name];
    values[setting.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/**
 * The form a plugin's `userSettings` describe (text, password, number, email, enum): labels, help
 * text, placeholders, required marks. Password values are kept in the key vault, the rest synced.
 */
export function PluginSettingsForm({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const actions = usePluginActions();
  const { value: stored } = useSyncedSetting('userPluginSettings');
  const vaultSecrets = useKeyVault((state) => state.secrets);
  const vaultStatus = useKeyVault((state) => state.status);
  const [values, setValues] = useState<SettingValues>(() =>
    initialValues(
      plugin,
      stored[plugin.id],
      pluginSecretsIn(plugin, customSecretsIn({ secrets: vaultSecrets, status: vaultStatus })),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await actions.saveSettings(plugin, values);
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  const field = (setting: PluginUserSetting) => {
    const label = setting.required ? t('plugins.settings.required', { label: setting.label }) : setting.label;
    const hint = typeof setting.description === 'string' ? setting.description : undefined;
    const value = values[setting.name] ?? '';
    const change = (next: string) => setValues((current) => ({ ...current, [setting.name]: next }));
    if (setting.type === 'enum') {
      const options = (setting.values ?? []).map((choice) => ({ value: choice, label: choice }));
      return (
        <Select
          key={setting.name}
          label={label}
          hint={hint}
          value={value || (setting.values?.[0] ?? '')}
          options={options}
          onValueChange={change}
        />
      );
    }
    return (
      <TextField
        key={setting.name}
        label={label}
        hint={hint}
        type={inputType[setting.type]}
        required={setting.required}
        autoComplete={setting.type === 'password' ? 'off' : undefined}
        placeholder={typeof setting.placeholder === 'string' ? setting.placeholder : undefined}
        value={value}
        onChange={(event) => change(event.target.value)}
      />
    );
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-2 pb-5"
    >
      <SubScreenHeader
        headingId={headingId}
        title={t('plugins.settings.title', { title: plugin.title })}
        intro={t('plugins.settings.intro')}
        backLabel={t('plugins.back')}
        onBack={onDone}
      />
      {vaultStatus === 'locked' && <p className={errorClasses}>{t('plugins.settings.vaultLocked')}</p>}
      <div className="flex flex-col gap-3">{plugin.userSettings.map(field)}</div>
      {error && (
        <p role="alert" className={errorClasses}>
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={onDone}>
          {t('plugins.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {t('plugins.save')}
        </Button>
      </div>
    </form>
  );
}
