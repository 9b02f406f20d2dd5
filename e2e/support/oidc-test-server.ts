import { startOidcTestProvider } from '../../packages/server/test/oidc-test-provider';
import { APP_URL } from './env';

/**
 * The e2e run's identity provider (oidc-provider with its own keys): the app server is configured
 * with its issuer, and any login that is an email address signs in as that (verified) address.
 */
const port = Number(process.env.PORT);
const provider = await startOidcTestProvider({
  port,
  clientId: 'parley-e2e',
  clientSecret: 'parley-e2e-client-secret-0123456789',
  redirectUris: [`${APP_URL}/api/auth/sso/callback`],
  identities: (login) =>
    /^[^@\s]+@[^@\s]+$/.test(login) ? { email: login, email_verified: true } : undefined,
});
console.log(`test identity provider at ${provider.issuer}`);
process.on('SIGTERM', () => void provider.close().then(() => process.exit(0)));
process.on('SIGINT', () => void provider.close().then(() => process.exit(0)));
