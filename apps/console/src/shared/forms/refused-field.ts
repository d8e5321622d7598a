import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { refusedFieldsOf, saidAtFields } from '../http/error-message';

/**
 * Marks the form fields a refusal names (a name taken, one's own role) with the platform's reasons,
 * focusing the first; false, marking nothing, unless the form shows every field it names
 * (saidAtFields), so the caller says it elsewhere.
 */
export function markRefusedField<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!saidAtFields(error, fields)) return false;
  refusedFieldsOf(error).forEach(({ field, message }, index) => {
    setError(field as Path<T>, { message }, { shouldFocus: index === 0 });
  });
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
