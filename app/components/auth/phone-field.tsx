import { LIMITS } from "@common/limits";
import { maskBrazilianPhone } from "@common/phone";
import { TextField } from "~/components/ui/field";

/**
 * Phone with the Brazilian mask "(11) 98765-4321"; the server stores it normalised to E.164. The field
 * is not controlled: what was typed before the page hydrated stays, masked from the next key on.
 */
export function PhoneField({
  error,
  defaultValue = "",
  required = true,
  disabled,
  id,
}: {
  error?: string;
  /** Already in national format, e.g. "(11) 98765-4321". */
  defaultValue?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
}) {
  return (
    <TextField
      id={id}
      label="Telefone"
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(11) 98765-4321"
      required={required}
      disabled={disabled}
      maxLength={LIMITS.phoneTyped}
      defaultValue={maskBrazilianPhone(defaultValue)}
      onChange={(e) => (e.currentTarget.value = maskBrazilianPhone(e.currentTarget.value))}
      error={error}
    />
  );
}
