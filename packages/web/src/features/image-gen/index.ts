/**
 * Image generation (decision 0127): the built-in `generate_image` tool source with the user's own key
 * (OpenAI gpt-image, Gemini and OpenRouter image models) and its settings. Light at import: the
 * source loads when the tool is switched on.
 */
export { lazyImageSource } from './lazy-image-source';
export type { ImageSourceDeps } from './image-source';
export {
  GENERATE_IMAGE_FUNCTION,
  IMAGE_GENERATION_ID,
  imageModelChoices,
  imageSettingsOf,
  type ImageSettings,
} from './image-settings';
