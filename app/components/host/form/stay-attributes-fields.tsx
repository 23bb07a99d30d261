import type { ReactNode } from "react";
import { INTERNET_KINDS, MOBILE_CARRIERS, NO_SIGNAL_LABEL, POWER_SOURCES, ROAD_ACCESS, STAY_FEATURES } from "@common/catalog";
import type { StayAttributes } from "@common/stay-attributes";
import { PETS_FEATURE } from "@common/house-rules";
import { FieldError } from "~/components/ui/field-error";

export interface Choice {
  value: string;
  label: string;
  /** A line under the label that explains the choice. */
  hint?: string;
}

export const choices = (record: Record<string, string>): Choice[] => Object.entries(record).map(([value, label]) => ({ value, label }));

const optionClass =
  "flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3 py-2.5 hover:bg-stone-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-stone-700 dark:hover:bg-stone-800";

/** A group of choices under a legend: checkboxes (any number) or radios (one, or none). */
export function ChoiceGroup({
  legend,
  legendClassName = "mb-1 font-medium",
  hint,
  name,
  type,
  options,
  checked,
  error,
  wide = false,
}: {
  legend: string;
  legendClassName?: string;
  hint?: string;
  name: string;
  type: "checkbox" | "radio";
  options: readonly Choice[];
  checked: readonly string[];
  error?: string;
  /** Two columns at most, for choices with a hint. */
  wide?: boolean;
}) {
  const hintId = hint ? `${name}-hint` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset data-field={name} aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined} className="space-y-2">
      <legend className={legendClassName}>{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600 dark:text-stone-300">
          {hint}
        </p>
      ) : null}
      <div className={`grid gap-2 sm:grid-cols-2${wide ? "" : " lg:grid-cols-3"}`}>
        {options.map((option) => (
          <label key={option.value} className={optionClass}>
            <input type={type} name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="size-4 shrink-0 accent-brand-700" />
            {option.hint ? (
              <span className="text-sm">
                <span className="block font-medium">{option.label}</span>
                <span className="block text-stone-600 dark:text-stone-300">{option.hint}</span>
              </span>
            ) : (
              <span className="text-sm">{option.label}</span>
            )}
          </label>
        ))}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

/** What a guest of a rural stay asks before going: access, signal, internet, power, children, step-free entrance (pets are with the house rules). */
export function StayAttributesFields({ initial, errors, section }: { initial: StayAttributes; errors: Partial<Record<keyof StayAttributes, string>>; section: (children: ReactNode) => ReactNode }) {
  return section(
    <>
      <ChoiceGroup
        legend="Para quem é"
        name="features"
        type="checkbox"
        options={choices(STAY_FEATURES).filter((option) => option.value !== PETS_FEATURE)}
        checked={initial.features}
        error={errors.features}
      />
      <ChoiceGroup
        legend="Acesso de carro"
        hint="Como é a estrada no último trecho até a hospedagem."
        name="road"
        type="radio"
        options={choices(ROAD_ACCESS)}
        checked={initial.road ? [initial.road] : []}
        error={errors.road}
      />
      <ChoiceGroup
        legend="Sinal de celular"
        hint="Marque as operadoras que pegam na hospedagem."
        name="signal"
        type="checkbox"
        options={[...choices(MOBILE_CARRIERS), { value: "none", label: NO_SIGNAL_LABEL }]}
        checked={initial.signal === null ? [] : initial.signal.length === 0 ? ["none"] : initial.signal}
        error={errors.signal}
      />
      <ChoiceGroup legend="Internet" name="internet" type="radio" options={choices(INTERNET_KINDS)} checked={initial.internet ? [initial.internet] : []} error={errors.internet} />
      <ChoiceGroup legend="Energia" name="power" type="checkbox" options={choices(POWER_SOURCES)} checked={initial.power} error={errors.power} />
    </>,
  );
}
