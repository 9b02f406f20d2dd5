export { PlayMessageButton } from './PlayMessageButton';
