/**
 * Image generation (decision 0127): the built-in `generate_image` tool source with the user's own key
 * (OpenAI gpt-image, Gemini and OpenRouter image models) and its settings, and the same generation
 * for the composer's "Create image" and an image card's "Edit this image" (decision 0136). Light at
 * import: the source loads when the tool is switched on, the actions with the first picture made.
 */
export { lazyImageActions, lazyImageSource } from './lazy-image-source';
export type { ImageActionDeps } from './image-actions';
export type { ImageSourceDeps } from './image-source';
export {
  GENERATE_IMAGE_FUNCTION,
  hasGptImageOptions,
  IMAGE_GENERATION_ID,
  imageCounts,
  imageModelChoices,
  imageSettingsOf,
  type ImageSettings,
} from './image-settings';
