import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field.tsx";
import { Input } from "./input.tsx";

export interface PasswordFieldProps extends Omit<ComponentProps<"input">, "type" | "id" | "onChange" | "autoComplete"> {
  label: ReactNode;
  hint?: ReactNode;
  /** The message under the field; marks it invalid. */
  error?: string | undefined;
  /** "current-password": the account's own, to sign in or confirm; "new-password": one being chosen. */
  autoComplete: "current-password" | "new-password";
  /** Gets the text as typed (the field is also usable uncontrolled, by `name`, in a form read with FormData). */
  onValueChange?: (value: string) => void;
  className?: string;
}

/** A labelled password input, its hint and error wired to it, that password managers recognise. */
export function PasswordField({ label, hint, error, className, onValueChange, ...input }: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(props) => (
        <Input
          {...props}
          {...input}
          type="password"
          onChange={onValueChange && ((event) => onValueChange(event.currentTarget.value))}
        />
      )}
    </Field>
  );
}
