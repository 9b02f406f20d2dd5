import 'i18next';
import type en from './locales/en.json';

// en.json is the source of truth: a key that is not in it fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
