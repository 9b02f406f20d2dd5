// Browser support: what this browser lacks (storage, streaming fetch, TextDecoderStream, Web Crypto) and the screen that says so
// instead of starting the app.
export { captureBrowserEnv, detectBrowserSupport } from './detect-browser-support';
export { UnsupportedBrowserScreen } from './unsupported-browser-part';
