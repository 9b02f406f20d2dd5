import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../ui/Switch';
import { browserExtensions } from './browser-extensions';
import { useExtensions, type ExtensionEntry } from './extension-store';

/**
 * Settings → Extensions (decision 0140): the scripts this copy's host added, each with its address,
 * whether it runs, the tools it offers, and a switch that turns it off on this device.
 */
export function ExtensionsSection() {
  const { t } = useTranslation();
  const entries = useExtensions((state) => state.entries);
  useEffect(() => {
    browserExtensions()
      .ready()
      .catch(() => undefined);
  }, []);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-fg-muted">{t('extensions.intro')}</p>
      <ul aria-label={t('extensions.listLabel')} className="flex flex-col gap-3">
        {entries.map((entry) => (
          <ExtensionRow key={entry.url} entry={entry} />
        ))}
      </ul>
    </div>
  );
}

function ExtensionRow({ entry }: { entry: ExtensionEntry }) {
  const { t } = useTranslation();
  // Before its declaration is read (or when it cannot be), the script's file name names it.
  const title = entry.name ?? (fileName(entry.url) || t('extensions.unnamed'));
  const tools = (entry.tools ?? []).map((tool) => tool.name);
  const status =
    entry.status === 'active'
      ? tools.length > 0
        ? t('extensions.status.active', { tools: tools.join(', ') })
        : t('extensions.status.activeNoTools')
      : entry.status === 'failed'
        ? t('extensions.status.failed', { problem: entry.problem ?? '' })
        : t(`extensions.status.${entry.status}`);
  return (
    <li aria-label={title} className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <Switch
        label={<span className="font-medium">{title}</span>}
        checked={entry.status !== 'off'}
        onCheckedChange={(on) => void browserExtensions().setOff(entry.url, !on)}
      />
      <p className="font-mono text-xs break-all text-fg-subtle">{entry.url}</p>
      <p
        data-extension-status={entry.status}
        className={entry.status === 'failed' ? 'text-[13px] text-danger' : 'text-[13px] text-fg-muted'}
      >
        {status}
      </p>
    </li>
  );
}

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}
