import { modelCatalogue, type ModelDescriptor } from '../models';

/** DO8: whether images in a message reach `model` (else they are left out, with a note). */
export function canSeeImages(model: Pick<ModelDescriptor, 'visionSupported'> | undefined): boolean {
  return model?.visionSupported === true;
}

/**
 * DO8: the model offered when the chat's model cannot see images: a current vision model of the
 * same provider (the user has its key), else the first current vision model.
 */
export function suggestVisionModel(
  current: Pick<ModelDescriptor, 'provider'> | undefined,
  catalogue: readonly ModelDescriptor[] = modelCatalogue,
): ModelDescriptor | undefined {
  const vision = catalogue.filter((model) => model.visionSupported === true && model.old !== true);
  return vision.find((model) => model.provider === current?.provider) ?? vision[0];
}
