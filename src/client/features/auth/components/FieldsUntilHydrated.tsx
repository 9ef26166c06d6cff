import '@mantine/core/styles/Fieldset.css';
import type { ReactNode } from 'react';
import { Fieldset } from '@mantine/core';
import { useHydrated } from '#client/lib/hydrated.ts';

/**
 * A sign-in form's fields, off until the app holds them (a page the server drew, ADR 0027): what
 * was typed before would be shown but not known to the form, and the browser would send the form
 * itself, with the password in the address.
 */
export function FieldsUntilHydrated({ children }: { children: ReactNode }) {
  return (
    <Fieldset variant="unstyled" disabled={!useHydrated()}>
      {children}
    </Fieldset>
  );
}
