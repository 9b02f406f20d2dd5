// Model picker: the top bar's picker and Compare button, the Models section of Settings, and the
// model directory and search other features use. The popup is a lazy part. See CONTEXT.md.
export { ModelPicker } from './ModelPicker';
export { listModels, listEntries, searchModels } from './model-options';
export { useModelDirectory } from './use-model-directory';
export { ModelFacts } from './ModelFacts';
export { ModelsSection } from './ModelsSection';
export { CompareButton } from './CompareButton';
