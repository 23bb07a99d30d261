import { Link } from "react-router";
import { STAY_FEATURES } from "@common/catalog";
import { CANCELLATION_POLICIES, HOUSE_RULES, type HouseRules, PETS_FEATURE, splitQuietHours, statesCancellation, statesHouseRules } from "@common/house-rules";
import { attributesFromTags } from "@common/stay-attributes";
import { IconList, type Entry } from "./feature-list";

const sectionClass = "border-t border-stone-200 py-8 dark:border-stone-800";
const textClass = "leading-7 whitespace-pre-line text-stone-700 dark:text-stone-300";

function ruleEntries(rules: HouseRules, petsAllowed: boolean): Entry[] {
  const entries: Entry[] = [];
  if (rules.checkInFrom) entries.push({ label: `Check-in a partir de ${rules.checkInFrom}`, icon: "log-in" });
  if (rules.checkOutUntil) entries.push({ label: `Check-out até ${rules.checkOutUntil}`, icon: "log-out" });
  if (rules.quietHours) {
    const { from, until } = splitQuietHours(rules.quietHours);
    entries.push({ label: `Silêncio entre ${from} e ${until}`, icon: "moon" });
  }
  if (petsAllowed) entries.push({ label: STAY_FEATURES[PETS_FEATURE], icon: "paw-print" });
  if (rules.smokingAllowed !== null) entries.push({ label: HOUSE_RULES.smokingAllowed[rules.smokingAllowed ? "yes" : "no"], icon: rules.smokingAllowed ? "cigarette" : "cigarette-off" });
  if (rules.partiesAllowed !== null) entries.push({ label: HOUSE_RULES.partiesAllowed[rules.partiesAllowed ? "yes" : "no"], icon: rules.partiesAllowed ? "party-popper" : "ban" });
  return entries;
}

/**
 * "Regras da casa" and "Política de cancelamento" on a listing's page, each only when the host
 * stated something of it; pets come from the stay's features.
 */
export function HouseRulesSection({ rules, features }: { rules: HouseRules; features: readonly string[] }) {
  const petsAllowed = attributesFromTags(features).features.includes(PETS_FEATURE);
  const entries = ruleEntries(rules, petsAllowed);
  const policy = rules.cancellationPolicy ? CANCELLATION_POLICIES[rules.cancellationPolicy] : null;
  return (
    <>
      {statesHouseRules(rules, petsAllowed) ? (
        <section aria-labelledby="regras-titulo" className={sectionClass}>
          <h2 id="regras-titulo" className="text-xl font-semibold">
            Regras da casa
          </h2>
          {entries.length ? <IconList entries={entries} /> : null}
          {rules.otherRules ? <p className={`mt-4 ${textClass}`}>{rules.otherRules}</p> : null}
        </section>
      ) : null}
      {statesCancellation(rules) ? (
        <section aria-labelledby="cancelamento-titulo" className={sectionClass}>
          <h2 id="cancelamento-titulo" className="text-xl font-semibold">
            Política de cancelamento
          </h2>
          {policy ? (
            <p className="mt-3 leading-7 text-stone-700 dark:text-stone-300">
              <strong className="font-semibold text-stone-900 dark:text-stone-50">{policy.label}:</strong> {policy.summary}
            </p>
          ) : null}
          {rules.cancellationNotes ? <p className={`mt-3 ${textClass}`}>{rules.cancellationNotes}</p> : null}
          <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">
            O Recanto não recebe pagamentos nem faz reembolsos: o cancelamento e a devolução de valores são acertados direto com o anfitrião.
            Confirme as condições por escrito antes de pagar.{" "}
            <Link to="/politica-cancelamento" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
              Saiba mais sobre cancelamentos
            </Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
