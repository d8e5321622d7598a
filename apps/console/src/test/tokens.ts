import type { FourEyesArea } from '@web-control/contract/runtime-config';

/** Builds an unsigned JWT-shaped token; the console only reads claims, the platform verifies them. */
export function fakeAccessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const TEST_CONFIG = {
  productName: 'Web Control',
  clientName: 'Test Bank',
  supportUrl: 'https://support.example/help',
  hideHome: false,
  authProvider: 'auth-server',
  authApi: '/api/auth',
  ecsApi: '/api/ecs',
  transactionsApi: '/api/ecs/transactions',
  loadBalancerApi: '/api/lb',
  reconApi: '/api/recon',
  filesApi: '/api/recon/files',
  configApi: '/api/config',
  moneyTransferApi: '/api/moneytransfer',
  reviewsApi: '/api/reviews',
  exportsApi: '/api/exports',
  fourEyes: [] as FourEyesArea[],
} as const;
