export { ModelPicker } from './ModelPicker';
export { listModels } from './model-options';
