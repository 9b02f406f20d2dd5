import { providerIds, type ModelDescriptor, type ProviderId } from '../models';
import type { HostedModel } from './model-list-protocol';

/** App-level ids of the organisation's models start with this, so they never meet a catalogue id. */
export const HOSTED_MODEL_PREFIX = 'hosted:';

export function isHostedModelId(id: string): boolean {
  return id.startsWith(HOSTED_MODEL_PREFIX);
}

/** The organisation's id of a hosted model from its app-level id (`hosted:abc` -> `abc`). */
export function hostedIdOf(id: string): string {
  return id.slice(HOSTED_MODEL_PREFIX.length);
}

function knownProvider(provider: string): ProviderId {
  return (providerIds as readonly string[]).includes(provider) ? (provider as ProviderId) : 'custom';
}

/**
 * HM1: how the web app lists an organisation's model: its own id space, the provider's dialect (the
 * relay answers in it), no endpoint and no key (the request goes to the relay, PR28).
 */
export function hostedModelDescriptor(model: HostedModel): ModelDescriptor {
  return {
    id: `${HOSTED_MODEL_PREFIX}${model.id}`,
    modelID: model.modelID,
    title: model.displayName,
    contextLength: model.contextLength,
    apiType: model.apiType,
    provider: knownProvider(model.provider),
    // No key of this device: the relay holds the organisation's (nothing asks the user for one).
    skipAPIKey: true,
    ...(model.visionSupported !== undefined && { visionSupported: model.visionSupported }),
    ...(model.pluginSupported !== undefined && { pluginSupported: model.pluginSupported }),
  };
}
