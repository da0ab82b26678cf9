import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldErrorOf } from '../api/errors.js';

/**
 * A failed save the server says is about fields of this form ('a health check named "web"
 * already exists in namespace "shop"' → name, namespace): the message goes next to those
 * fields. Returns whether it did, so the form does not say it a second time below.
 */
export function useServerFieldErrors<V extends FieldValues>(
  form: UseFormReturn<V>,
  error: Error | null | undefined,
): boolean {
  const found = fieldErrorOf(error);
  const values = form.getValues() as Record<string, unknown>;
  const mine = (found?.fields ?? []).filter((f) => f in values);
  const key = mine.join(',');
  useEffect(() => {
    if (!found || !key) return;
    for (const f of key.split(','))
      form.setError(f as FieldPath<V>, { type: 'server', message: found.message });
  }, [found, key, form]);
  return mine.length > 0;
}
