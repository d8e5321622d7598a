/** The general validators and their default messages (specification section 5). */
export type Validator = (value: unknown) => string | undefined;

export const VALIDATION_MESSAGES = {
  required: 'This is a required field',
  max: (limit: number) => `Must not exceed ${limit}`,
  min: (limit: number) => `Must be ${limit} or greater`,
  maxLength: (limit: number) => `Must not exceed ${limit} characters`,
  number: 'Must be a valid number',
} as const;

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** Zero counts as filled. */
export function required(message: string = VALIDATION_MESSAGES.required): Validator {
  return (value) => (isEmpty(value) ? message : undefined);
}

export function isNumber(message: string = VALIDATION_MESSAGES.number): Validator {
  return (value) => (isEmpty(value) || toNumber(value) !== undefined ? undefined : message);
}

export function max(limit: number, message: string = VALIDATION_MESSAGES.max(limit)): Validator {
  return (value) => {
    const number = toNumber(value);
    return number !== undefined && number > limit ? message : undefined;
  };
}

export function min(limit: number, message: string = VALIDATION_MESSAGES.min(limit)): Validator {
  return (value) => {
    const number = toNumber(value);
    return number !== undefined && number < limit ? message : undefined;
  };
}

export function maxLength(limit: number, message: string = VALIDATION_MESSAGES.maxLength(limit)): Validator {
  return (value) => (typeof value === 'string' && value.length > limit ? message : undefined);
}

/** The first failing validator's message, in the order given. */
export function composeValidators(...validators: Validator[]): Validator {
  return (value) => {
    for (const validate of validators) {
      const message = validate(value);
      if (message !== undefined) return message;
    }
    return undefined;
  };
}
