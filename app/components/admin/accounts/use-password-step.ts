import { useState, type FormEvent } from "react";

/**
 * A form that asks for the password before it does `action` with it (confirming a sensitive
 * change, turning two-factor sign-in off): the field's value, the problem to show under it (none
 * given, or the server's refusal), and whether it is running. On success the form stays busy: the
 * caller closes or replaces it.
 */
export function usePasswordStep(action: (password: string) => Promise<void>) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setProblem("Enter your password.");
    setBusy(true);
    setProblem(undefined);
    try {
      await action(password);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  return { password, setPassword, problem, busy, onSubmit: (event: FormEvent) => void submit(event) };
}
