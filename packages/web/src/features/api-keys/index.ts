// The key vault's screens; the vault itself is shared state (src/state/key-vault).
export { ApiKeysSection } from './ApiKeysSection';
export { SecretInput } from './SecretInput';
export { VaultGate } from './VaultGate';
