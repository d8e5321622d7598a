import { EARLY_CALLS_GLOBAL, type EarlyAnswer } from '@web-control/contract/console-build';

/**
 * The oldest early call a screen takes the answer of: past it, the screen asks again rather than
 * show what the platform said that long before it was drawn.
 */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

/**
 * The answer to a call the screen's page made before the console ran (PAGE_BOOT_SCRIPT), taken once
 * and only when it was asked with the same token and recently. It resolves to undefined when the
 * call failed or was refused: the console then asks itself, with its own handling of both
 * (decision 0059).
 */
export function takeEarlyAnswer(
  url: string,
  token: string | null,
): Promise<Response | undefined> | undefined {
  const answers: unknown = Reflect.get(globalThis, EARLY_CALLS_GLOBAL);
  if (!Array.isArray(answers)) return undefined;
  const early = answers as EarlyAnswer[];
  const index = early.findIndex((answer) => answer.url === url);
  if (index === -1) return undefined;
  const [answer] = early.splice(index, 1);
  if (answer?.token !== token || performance.now() - answer.askedAt > EARLY_CALL_MAX_AGE_MS) return undefined;
  return answer.response.then((response) => (response?.ok ? response : undefined));
}
