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

/**
 * A refusal the modal's content already says (at its field, or in an alert of its own): the modal
 * keeps its form open and says nothing more.
 */
export class RefusalSaid extends Error {
  override name = 'RefusalSaid';
}

/**
 * For a modal's submission: marks the field a refusal names and rejects as RefusalSaid, so the
 * modal neither repeats it under its buttons nor takes it for an outdated request; else rejects as it came.
 */
export function sayAtField<T extends FieldValues>(
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): (error: unknown) => never {
  return (error) => {
    if (markRefusedField(error, fields, setError)) throw new RefusalSaid();
    throw error;
  };
}
