import type { FeatureFlags } from '@parley/core/license';
import type { ComponentType, ReactNode } from 'react';
import type en from '../../i18n/locales/en.json';

/** A section id is also its label key: `settings.sections.<id>` must exist in en.json. */
export type SettingsSectionId = keyof (typeof en)['settings']['sections'];

/** One page of the Settings dialog. The composition root lists them (app/settings-sections.tsx). */
export type SettingsSection = {
  id: SettingsSectionId;
  icon: ReactNode;
  Content: ComponentType;
  /** Listed only while the host's feature flags allow it (parley.config.json); absent: always. */
  shown?: (flags: FeatureFlags) => boolean;
};
