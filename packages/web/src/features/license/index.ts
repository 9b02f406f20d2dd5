// License screens and gating. The license store itself is shared state (src/state/license); the
// browser client is a chunk of its own that the composition root imports lazily
// ('./license-browser-client').
export { BlockedFeatureNotice } from './BlockedFeatureNotice';
export { BuyPage } from './buy-page-part';
export { FeatureGate } from './FeatureGate';
export { LicenseSection } from './LicenseSection';
export { LicenseBadge } from './LicenseStateBadge';
export { licenseServerUrlSetting, resolveLicenseServerUrl } from './license-server-url';
export { isBuyPagePath } from './purchase-url';
export { useFeatureAccess } from './use-feature-access';
export { useFeatureFlags } from './feature-flags-store';
