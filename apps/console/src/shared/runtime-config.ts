import {
  RUNTIME_CONFIG_GLOBAL,
  runtimeConfigSchema,
  type ApiName,
  type RuntimeConfig,
} from '@web-control/contract/runtime-config';

export const DEFAULT_PRODUCT_NAME = 'Web Control';
export const DEFAULT_HOME_PATH = '/dashboard/home';
/** Used when the deployment names no documentation address. */
export const FALLBACK_DOCUMENTATION_URL = '/api/docs';

/**
 * The header's Support link, which the specification shows always: the configured support address,
 * else the documentation (the help the deployment does offer).
 */
export function getSupportUrl(): string {
  return config?.supportUrl ?? config?.documentationUrl ?? FALLBACK_DOCUMENTATION_URL;
}

function readRuntimeConfig(): RuntimeConfig | undefined {
  const value: unknown = Reflect.get(globalThis, RUNTIME_CONFIG_GLOBAL);
  if (value === undefined) return undefined;
  const parsed = runtimeConfigSchema.safeParse(value);
  if (!parsed.success) {
    console.error('The runtime configuration is invalid', parsed.error.issues);
    return undefined;
  }
  return parsed.data;
}

let config: RuntimeConfig | undefined = readRuntimeConfig();

/** The configuration /config.js set, or undefined when it is missing or invalid. */
export function getRuntimeConfig(): RuntimeConfig | undefined {
  return config;
}

/** Tests set the configuration the page would have loaded. */
export function setRuntimeConfig(next: RuntimeConfig | undefined): void {
  config = next;
}

export function getApiBase(api: ApiName): string {
  if (!config) throw new Error('The runtime configuration is missing');
  return config[api];
}

export function getProductName(): string {
  return config?.productName ?? DEFAULT_PRODUCT_NAME;
}

export function getDefaultPath(): string {
  return config?.defaultPath || DEFAULT_HOME_PATH;
}
