import {
  RUNTIME_CONFIG_GLOBAL,
  runtimeConfigSchema,
  type RuntimeConfig,
} from '@web-control/contract/runtime-config';
import type { Settings } from '../../settings.ts';

/** The console's runtime configuration, built from the server's settings and checked against the contract. */
export function buildRuntimeConfig(settings: Settings): RuntimeConfig {
  return runtimeConfigSchema.parse({
    productName: settings.productName,
    clientName: settings.clientName,
    supportUrl: settings.supportUrl,
    userGuideUrl: settings.userGuideUrl,
    documentationUrl: settings.documentationUrl,
    defaultPath: settings.defaultPath,
    hideHome: settings.hideHome,
    authProvider: settings.authProvider,
    identityProviderName: settings.identityProviderName,
    companyIdentityProvider: settings.companyIdentityProvider,
    companyDomain: settings.companyDomain,
    sessionIdleMinutes: settings.sessionIdleMinutes,
    fourEyes: [...settings.fourEyes],
    ...settings.apiBases,
  });
}

/** JSON is valid JavaScript; escaping `<` keeps a value from closing a script element if ever inlined. */
export function renderConfigScript(config: RuntimeConfig): string {
  const json = JSON.stringify(config, null, 2).replaceAll('<', '\\u003c');
  return `window.${RUNTIME_CONFIG_GLOBAL} = ${json};\n`;
}
