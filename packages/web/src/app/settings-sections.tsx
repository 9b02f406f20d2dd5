import { ApiKeysSection } from '../features/api-keys/ApiKeysSection';
import { KeyIcon } from '../features/api-keys/vault-icons';
import { CertificateIcon } from '../features/license/license-icons';
import { LicenseSection } from '../features/license/LicenseSection';
import { GeneralSection } from '../features/settings/GeneralSection';
import type { SettingsSection } from '../features/settings/settings-section';
import { SlidersIcon } from '../ui/icons';

/**
 * The Settings dialog's sections, in display order. A feature adds its section here: put the
 * label under `settings.sections.<id>` in en.json, then add `{ id, icon, Content }`.
 * Planned, in this order: 'apiKeys', 'models', 'license', 'cloudSync', 'data'.
 */
export const settingsSections: readonly SettingsSection[] = [
  { id: 'general', icon: <SlidersIcon size={16} />, Content: GeneralSection },
  { id: 'apiKeys', icon: <KeyIcon size={16} />, Content: ApiKeysSection },
  { id: 'license', icon: <CertificateIcon size={16} />, Content: LicenseSection },
];
