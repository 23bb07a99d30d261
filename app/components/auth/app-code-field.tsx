import { TextField } from "~/components/ui/field";

/** The 6-digit code of an authenticator app (sign-in's code step and the second factor's set-up). */
export function AppCodeField({ error }: { error?: string }) {
  return (
    <TextField
      label="Código do aplicativo"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      required
      maxLength={7}
      placeholder="123456"
      error={error}
    />
  );
}
