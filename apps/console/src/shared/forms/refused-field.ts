import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { refusedFieldOf } from '../http/error-message';

/**
 * Marks the form field a refusal names (a name taken, one's own role) with the platform's reason,
 * and focuses it; false when the refusal names none of `fields`, so the caller says it elsewhere.
 */
export function markRefusedField<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const refused = refusedFieldOf(error);
  const field = fields.find((name) => name === refused?.field);
  if (refused === undefined || field === undefined) return false;
  setError(field, { message: refused.message }, { shouldFocus: true });
  return true;
}
