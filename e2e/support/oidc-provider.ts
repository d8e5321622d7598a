// The browser tests' OpenID provider: the integration tests' oidc-provider with its development
// login form (any login; the password is not checked) on a fixed port. Started by
// playwright.config.ts as a web server; run as `node e2e/support/oidc-provider.ts`.
import { startTestOidcProvider } from '@web-control/platform/testing/oidc-provider';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

/** `admin` matches the seeded demo user by verified e-mail; `stranger` matches nobody. */
const accounts = new Map([
  ['admin', { email: 'admin@demo.local', email_verified: true, name: 'Ada Admin' }],
  ['stranger', { email: 'stranger@elsewhere.example', email_verified: true, preferred_username: 'stranger' }],
]);

const provider = await startTestOidcProvider({
  clientId: required('OIDC_CLIENT_ID'),
  clientSecret: required('OIDC_CLIENT_SECRET'),
  redirectUris: [required('OIDC_REDIRECT_URI')],
  accounts,
  port: Number(required('OIDC_PROVIDER_PORT')),
});
process.stdout.write(`OpenID provider for the browser tests at ${provider.issuer}\n`);
const stop = () => void provider.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
