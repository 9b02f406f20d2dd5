import type { ComponentType, ReactNode } from 'react';
import type en from '../../i18n/locales/en.json';

/** A section id is also its label key: `settings.sections.<id>` must exist in en.json. */
export type SettingsSectionId = keyof (typeof en)['settings']['sections'];

/** One page of the Settings dialog. The composition root lists them (app/settings-sections.tsx). */
export type SettingsSection = {
  id: SettingsSectionId;
  icon: ReactNode;
  Content: ComponentType;
};
