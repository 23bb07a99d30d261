import type { ReactNode } from "react";
import { STAY_FEATURES } from "@common/catalog";
import { answerOf, CANCELLATION_POLICIES, HOUSE_RULES, type HouseRules, PETS_FEATURE, RULE_ANSWERS, splitQuietHours, TIME_OPTIONS, type YesNoRule } from "@common/house-rules";
import { LIMITS } from "@common/limits";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { ChoiceGroup, choices } from "./stay-attributes-fields";

type Errors = Partial<Record<keyof HouseRules, string>>;
type Section = (title: string, description: string, children: ReactNode) => ReactNode;

function TimeSelect({ label, name, value, error, field = name }: { label: string; name: string; value: string | null; error?: string; field?: string }) {
  return (
    <SelectField label={label} name={name} data-field={field} defaultValue={value ?? ""} error={error}>
      <option value="">Não informado</option>
      {TIME_OPTIONS.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </SelectField>
  );
}

function YesNo({ rule, value, error }: { rule: YesNoRule; value: boolean | null; error?: string }) {
  return <ChoiceGroup legend={HOUSE_RULES[rule].question} name={rule} type="radio" options={choices(RULE_ANSWERS)} checked={[answerOf(value)]} error={error} />;
}

/** The house rules and the cancellation policy: every field optional, and the listing shows only what is stated. */
export function HouseRulesFields({ initial, petsAllowed, errors, section }: { initial: HouseRules; petsAllowed: boolean; errors: Errors; section: Section }) {
  const quiet = splitQuietHours(initial.quietHours);
  const policies = Object.entries(CANCELLATION_POLICIES).map(([value, { label, summary }]) => ({ value, label, hint: summary }));
  return (
    <>
      {section(
        "Regras da casa",
        "O que os hóspedes precisam saber antes de reservar. O anúncio mostra só o que você informar.",
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TimeSelect label="Check-in a partir de" name="checkInFrom" value={initial.checkInFrom} error={errors.checkInFrom} />
            <TimeSelect label="Check-out até" name="checkOutUntil" value={initial.checkOutUntil} error={errors.checkOutUntil} />
          </div>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium">Horário de silêncio</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TimeSelect label="Começa às" name="quietHoursFrom" field="quietHours" value={quiet.from} error={errors.quietHours} />
              <TimeSelect label="Termina às" name="quietHoursUntil" value={quiet.until} />
            </div>
          </fieldset>
          <ChoiceGroup
            legend="Pets"
            hint="Quem filtra as buscas por pets encontra o seu anúncio."
            name="features"
            type="checkbox"
            options={[{ value: PETS_FEATURE, label: STAY_FEATURES[PETS_FEATURE] }]}
            checked={petsAllowed ? [PETS_FEATURE] : []}
          />
          <YesNo rule="smokingAllowed" value={initial.smokingAllowed} error={errors.smokingAllowed} />
          <YesNo rule="partiesAllowed" value={initial.partiesAllowed} error={errors.partiesAllowed} />
          <TextAreaField
            label="Outras regras (opcional)"
            name="otherRules"
            data-field="otherRules"
            rows={4}
            maxLength={LIMITS.otherRules}
            placeholder="Ex.: visitas só com aviso prévio; apague a fogueira antes de dormir."
            defaultValue={initial.otherRules ?? ""}
            error={errors.otherRules}
          />
        </>,
      )}
      {section(
        "Política de cancelamento",
        "Você define a política e faz os reembolsos: o Recanto não recebe pagamentos de hospedagem.",
        <>
          <ChoiceGroup
            legend="Política"
            name="cancellationPolicy"
            type="radio"
            options={policies}
            checked={initial.cancellationPolicy ? [initial.cancellationPolicy] : []}
            error={errors.cancellationPolicy}
            wide
          />
          <TextAreaField
            label="Detalhes da política (opcional)"
            name="cancellationNotes"
            data-field="cancellationNotes"
            rows={3}
            maxLength={LIMITS.cancellationNotes}
            placeholder="Ex.: sinal de 30% na reserva; remarcação sem custo em caso de chuva forte."
            defaultValue={initial.cancellationNotes ?? ""}
            error={errors.cancellationNotes}
          />
        </>,
      )}
    </>
  );
}
