import { lazyPart } from '../../state';

/**
 * Models the organisation offers on its Parley server (issue #37): the member's models in the picker
 * and the relay for their chats (light, first screen), and the admin panel's Models and Usage tabs
 * (chunks of their own, with their strings, loaded when the admin opens them).
 */
export {
  useHostedModels,
  hostedModel,
  hostedAccess,
  hostedModelsStore,
  type HostedModelsState,
} from './hosted-models-store';

/** Fetches the organisation's models once signed in: after the first screen, off the first chunk. */
export const HostedModelsSync = lazyPart(() => import('./HostedModelsSync'), {
  pick: (module) => module.HostedModelsSync,
  background: true,
});
export const HostedModelsAdmin = lazyPart(() => import('./HostedModelsAdmin'), {
  strings: 'hostedModels',
  loadingText: 'settings.loading',
});
export const HostedUsageAdmin = lazyPart(() => import('./HostedUsageAdmin'), {
  strings: 'hostedModels',
  loadingText: 'settings.loading',
});
