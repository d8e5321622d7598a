import { z } from 'zod';
import { text } from './inputs.ts';

export const AUTH_PROVIDER_KINDS = ['auth-server', 'identity-provider'] as const;

/** `FOUR_EYES`: which areas' direct changes become requests in the approvals engine. */
export const FOUR_EYES_AREAS = ['load-balancer', 'admin'] as const;
export type FourEyesArea = (typeof FOUR_EYES_AREAS)[number];

/** The object /config.js hands the console; it names every API base so a deployment can move one. */
export const runtimeConfigSchema = z.object({
  productName: text(),
  clientName: text(),
  supportUrl: text().optional(),
  userGuideUrl: text().optional(),
  documentationUrl: text().optional(),
  defaultPath: text().optional(),
  hideHome: z.boolean(),
  authProvider: z.enum(AUTH_PROVIDER_KINDS),
  /** Single sign-on: the provider's name on the login button. */
  identityProviderName: text().optional(),
  /** Single sign-on: the provider hint and domain hint that mean "the company's own identity provider". */
  companyIdentityProvider: text().optional(),
  companyDomain: text().optional(),
  /** SESSION_IDLE_MINUTES: the console signs out after as long without activity as the platform allows. */
  sessionIdleMinutes: z.number().int().min(1).optional(),
  /** FOUR_EYES: the areas whose changes are requests, so their editors review each other's (Reviews). */
  fourEyes: z.array(z.enum(FOUR_EYES_AREAS)).default([]),
  authApi: text(),
  ecsApi: text(),
  transactionsApi: text(),
  loadBalancerApi: text(),
  reconApi: text(),
  filesApi: text(),
  configApi: text(),
  moneyTransferApi: text(),
  reviewsApi: text(),
  exportsApi: text(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type ApiName = keyof Pick<
  RuntimeConfig,
  | 'authApi'
  | 'ecsApi'
  | 'transactionsApi'
  | 'loadBalancerApi'
  | 'reconApi'
  | 'filesApi'
  | 'configApi'
  | 'moneyTransferApi'
  | 'reviewsApi'
  | 'exportsApi'
>;

/** The global /config.js assigns. */
export const RUNTIME_CONFIG_GLOBAL = '__WEB_CONTROL_CONFIG__';

export const DEFAULT_API_BASES: Record<ApiName, string> = {
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
};
