export { captureBrowserEnv, detectBrowserSupport } from './detect-browser-support';
export { UnsupportedBrowserScreen } from './UnsupportedBrowserScreen';
