import type { ErrorOption, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * A `setError` that renames the server's field names to the form's (e.g. `identity` → `email`),
 * for `handleApiError` when a form labels a field differently from the API.
 */
export function renameFields<T extends FieldValues>(
  setError: UseFormSetError<T>,
  names: Record<string, FieldPath<T>>,
): UseFormSetError<FieldValues> {
  return (field: string, error: ErrorOption, options?: { shouldFocus: boolean }) =>
    setError((names[field] ?? field) as FieldPath<T>, error, options);
}
