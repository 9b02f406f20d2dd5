/** The service worker (offline start) and the "new version is ready" banner (decision 0090). */
export { AppUpdateHost } from './AppUpdateHost';
