import { useTranslation } from 'react-i18next';
import { AdminSection } from '../features/admin';
import { ApiKeysSection } from '../features/api-keys';
import {
  CertificateIcon,
  ChartIcon,
  CubeIcon,
  DatabaseIcon,
  DownloadIcon,
  KeyIcon,
  MemoryIcon,
} from '../ui/icons/settings';
import { CustomModelsSection } from '../features/custom-models';
import { KeyboardShortcutsSection } from '../features/keyboard-shortcuts';
import { CloudSyncReady, CloudSyncSection } from '../features/cloud-sync';
import { ChatDefaultsSectionLoader } from '../features/model-settings';
import { ModelsSection } from '../features/model-picker';
import { LicenseSection } from '../features/license';
import { DataSectionLoader } from '../features/data';
import { ImportExportSectionLoader } from '../features/portability';
import { GeneralSection } from '../features/settings';
import { LanguageSetting } from '../features/language';
import type { SettingsSection } from '../features/settings';
import { UsageSectionLoader } from '../features/usage';
import { KnowledgeSectionLoader } from '../features/knowledge';
import { MemorySectionLoader } from '../features/memory';
import { ProfilesSectionLoader } from '../features/profiles';
import { UserIcon } from '../ui/icons/persona';
import { WebSearchSection } from '../features/tools';
import { ExtensionsSection } from '../features/extensions';
import { VoiceSettingsSectionLoader } from '../features/speech';
import { MicIcon } from '../ui/icons/message';
import { GlobeIcon } from '../ui/icons/chat';
import { ChatBubbleIcon, CloudIcon, KeyboardIcon, SlidersIcon } from '../ui/icons/shell';

/**
 * The Settings dialog's sections, in display order. A feature adds its section here: put the
 * label under `settings.sections.<id>` in en.json, then add `{ id, icon, Content }`, and `shown` when a
 * host's feature flag turns the section off (parley.config.json).
 * Planned, in this order: 'apiKeys', 'models', 'license', 'cloudSync', 'data'.
 */
export const settingsSections: readonly SettingsSection[] = [
  { id: 'general', icon: <SlidersIcon size={16} />, Content: GeneralWithLanguage },
  { id: 'apiKeys', icon: <KeyIcon size={16} />, Content: ApiKeysSection },
  { id: 'models', icon: <CubeIcon size={16} />, Content: ModelsSection },
  {
    id: 'chatDefaults',
    icon: <ChatBubbleIcon size={16} />,
    Content: ChatDefaultsSectionLoader,
    shown: (flags) => flags.modelSettings,
  },
  {
    id: 'profiles',
    icon: <UserIcon size={16} />,
    Content: ProfilesSectionLoader,
    shown: (flags) => flags.yourProfile,
  },
  {
    id: 'memory',
    icon: <MemoryIcon size={16} />,
    Content: MemorySectionLoader,
    shown: (flags) => flags.chatMemory,
  },
  { id: 'knowledge', icon: <DatabaseIcon size={16} />, Content: KnowledgeSectionLoader },
  { id: 'license', icon: <CertificateIcon size={16} />, Content: LicenseSection },
  {
    id: 'cloudSync',
    icon: <CloudIcon size={16} />,
    Content: CloudSyncSectionWhenLoaded,
    shown: (flags) => flags.syncToCloud,
  },
  {
    id: 'customModels',
    icon: <CubeIcon size={16} />,
    Content: CustomModelsSection,
    shown: (flags) => flags.customModels,
  },
  {
    id: 'webSearch',
    icon: <GlobeIcon size={16} />,
    Content: WebSearchSection,
    shown: (flags) => flags.webSearch,
  },
  {
    id: 'voice',
    icon: <MicIcon size={16} />,
    Content: VoiceSettingsSectionLoader,
    // Dictation and reading aloud: the section goes when the host turned both off.
    shown: (flags) => flags.voiceInput || flags.textToSpeech,
  },
  // Listed only when the host's parley.config.json names extensions (AppSettingsDialog).
  { id: 'extensions', icon: <CubeIcon size={16} />, Content: ExtensionsSection },
  { id: 'usage', icon: <ChartIcon size={16} />, Content: UsageSectionLoader },
  { id: 'keyboardShortcuts', icon: <KeyboardIcon size={16} />, Content: KeyboardShortcutsSection },
  { id: 'importExport', icon: <DownloadIcon size={16} />, Content: ImportExportSectionLoader },
  { id: 'data', icon: <DatabaseIcon size={16} />, Content: DataSectionLoader },
  // Listed only for an admin or content-moderator (AppSettingsDialog, useAdminPanelShown).
  { id: 'admin', icon: <UserIcon size={16} />, Content: AdminSection },
];

function GeneralWithLanguage() {
  return <GeneralSection language={<LanguageSetting />} />;
}

/** Cloud sync's code arrives after the first screen; Settings opened before that waits a moment. */
function CloudSyncSectionWhenLoaded() {
  const { t } = useTranslation();
  return (
    <CloudSyncReady fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
      <CloudSyncSection />
    </CloudSyncReady>
  );
}

/**
 * Fetches every section that is a chunk of its own (its loader has `preload`), so Settings opened
 * offline shows all its sections: SettingsDialogHost calls this when it prefetches Settings.
 */
export function preloadSections(): Promise<unknown> {
  return Promise.all(
    settingsSections.map((section) => (section.Content as { preload?: () => Promise<unknown> }).preload?.()),
  );
}
