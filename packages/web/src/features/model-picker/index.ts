export { ModelPicker } from './ModelPicker';
export { listModels, listEntries, searchModels } from './model-options';
export { useModelDirectory } from './use-model-directory';
export { ModelFacts } from './ModelFacts';
export { ModelsSection } from './ModelsSection';
export { CompareButton } from './CompareButton';
