import type { ReactNode } from "react";
import { Field } from "./field.tsx";
import { Input } from "./input.tsx";

/**
 * The 6-digit code of an authenticator app (two-factor sign-in, and setting it up): a number pad
 * on phones, the code offered by the phone's keyboard (`one-time-code`), room for a space in the
 * middle ("123 456") as some apps show it.
 */
export function OneTimeCodeField({
  label,
  error,
  value,
  onValueChange,
  autoFocus,
}: {
  label: ReactNode;
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <Input
          {...props}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}
