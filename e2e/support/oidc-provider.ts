// The browser tests' OpenID provider: oidc-provider on 127.0.0.1 with its development login form
// (any login; the password is not checked) and a few accounts with known claims. Started by
// playwright.config.ts as a web server; run as `node e2e/support/oidc-provider.ts`.
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

const port = Number(required('OIDC_PROVIDER_PORT'));
const issuer = `http://127.0.0.1:${port}`;

/** login → claims. `admin` matches the seeded demo user by verified e-mail; anyone else matches nobody. */
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  admin: { email: 'admin@demo.local', email_verified: true, name: 'Ada Admin' },
  stranger: { email: 'stranger@elsewhere.example', email_verified: true, preferred_username: 'stranger' },
};

const { privateKey } = await generateKeyPair('RS256', { extractable: true });

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: required('OIDC_CLIENT_ID'),
      client_secret: required('OIDC_CLIENT_SECRET'),
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: [required('OIDC_REDIRECT_URI')],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'e2e' }] },
  cookies: { keys: ['e2e-provider-cookie-key'] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['preferred_username', 'name'],
  },
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...ACCOUNTS[id] }) }),
  // The console is a first-party client: no consent screen.
  loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
    const { client, session } = ctx.oidc;
    if (client === undefined || session?.accountId === undefined) return undefined;
    const existing = session.grantIdFor(client.clientId);
    if (existing !== undefined) return ctx.oidc.provider.Grant.find(existing);
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  features: { devInteractions: { enabled: true } },
});

const handle = provider.callback();
const server = createServer((request, response) => void handle(request, response));
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`OpenID provider for the browser tests at ${issuer}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
