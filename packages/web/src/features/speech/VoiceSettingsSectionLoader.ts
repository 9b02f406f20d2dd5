import { lazyPart } from '../../state';

/** Settings → Voice, a chunk of its own; Settings prefetches it after the first screen, so it opens offline too. */
export const VoiceSettingsSectionLoader = lazyPart(() => import('./VoiceSettingsSection'), {
  loadingText: 'settings.loading',
});
