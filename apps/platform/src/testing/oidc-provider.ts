import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type AccountClaims, type KoaContextWithOIDC } from 'oidc-provider';

/** Claims of an account at the test provider, beyond its subject (the login typed in). */
export type TestAccountClaims = Omit<AccountClaims, 'sub'>;

export interface TestOidcProviderOptions {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
  /** Looked up at every sign-in, so a test may add accounts after start; unknown logins have only a subject. */
  accounts: Map<string, TestAccountClaims>;
  /** A fixed port (the browser tests' provider); a random free one by default. */
  port?: number;
}

export interface TestOidcProvider {
  issuer: string;
  /**
   * Plays the browser at the provider: follows the authorization address, signs in with `login`
   * through the provider's development login form and answers the address it sends back to.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const MAX_HOPS = 10;

/** A real OpenID provider (oidc-provider) on 127.0.0.1 and a random port, for integration tests. */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  // The issuer names the port, so the provider exists only after listen; requests that arrive
  // before it (a readiness probe) wait for it instead of hanging unanswered.
  const handler: { current?: (request: IncomingMessage, response: ServerResponse) => void } = {};
  const waiting: [IncomingMessage, ServerResponse][] = [];
  const server = createServer((request, response) => {
    if (handler.current === undefined) waiting.push([request, response]);
    else handler.current(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        ...(options.clientSecret === undefined
          ? { token_endpoint_auth_method: 'none' }
          : { client_secret: options.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }),
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...options.accounts.get(id) }),
    }),
    // The platform is a first-party client: no consent screen.
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
  const callback = provider.callback();
  const handle = (request: IncomingMessage, response: ServerResponse) => void callback(request, response);
  handler.current = handle;
  for (const [request, response] of waiting.splice(0)) handle(request, response);

  return {
    issuer,
    async signIn(authorizationUrl, login) {
      const cookies = new Map<string, string>();
      let next = new URL(authorizationUrl);
      let form: URLSearchParams | undefined;
      for (let hop = 0; hop < MAX_HOPS; hop += 1) {
        if (next.origin !== issuer) return next;
        const response = await fetch(next, {
          method: form === undefined ? 'GET' : 'POST',
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
          ...(form === undefined ? {} : { body: form }),
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair = ''] = header.split(';');
          const separator = pair.indexOf('=');
          const name = pair.slice(0, separator);
          const value = pair.slice(separator + 1);
          if (value === '') cookies.delete(name);
          else cookies.set(name, value);
        }
        const location = response.headers.get('location');
        if (location !== null) {
          next = new URL(location, next);
          // The development login form lives at /interaction/<uid>: answer it with the login.
          form = /^\/interaction\/[^/]+$/.test(next.pathname)
            ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
            : undefined;
          continue;
        }
        throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      }
      throw new Error('the provider kept redirecting');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
