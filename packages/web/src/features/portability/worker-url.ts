/**
 * The portability worker's script, built on its own. The client starts the worker from it, and the
 * Import and export section fetches it ahead (with its own chunk), so export and import work when the
 * network or the server is gone after the app has loaded: the file is immutable and cached.
 */
export { default as portabilityWorkerUrl } from './portability-worker.ts?worker&url';
