import { Icon, type IconName } from "~/components/ui/icons";
import { useId } from "react";
import { INTERNET_KINDS, MOBILE_CARRIERS, NO_SIGNAL_LABEL, POWER_SOURCES, ROAD_ACCESS, STAY_FEATURES, type PowerSource, type StayFeature } from "@common/catalog";
import { attributesFromTags } from "@common/stay-attributes";
import { PETS_FEATURE } from "@common/house-rules";

/** Keyed by the catalogue's names; "Café da manhã" and "Garagem" may come from older listings. */
const AMENITY_ICONS: Record<string, IconName> = {
  "Wi-Fi": "wifi",
  Estacionamento: "square-letter-p",
  Garagem: "square-letter-p",
  "Café da manhã": "coffee",
  TV: "tv",
  Cozinha: "cooking-pot",
  "Ar condicionado": "air-vent",
  Piscina: "waves-ladder",
  "Espaço de trabalho": "laptop",
  "Máquina de lavar": "washing-machine",
  Churrasqueira: "flame",
  "Área de jantar externa": "utensils-crossed",
  "Lareira interna": "flame",
  Fogueira: "flame-kindling",
  "Equipamento ginástica": "dumbbell",
  "Chuveiro externo": "shower-head",
  "Acesso ao lago": "sailboat",
  "Acesso à praia": "tree-palm",
};

const SAFETY_ICONS: Record<string, IconName> = {
  "Detector de fumaça": "alarm-smoke",
  "Kit de primeiros socorros": "briefcase-medical",
  "Extintor de incêndio": "fire-extinguisher",
  "Alarme de monóxido de carbono": "siren",
  "Câmera de segurança na parte externa": "cctv",
};

export interface Entry {
  label: string;
  icon: IconName;
}

/** A listing's facts as a two-column list, each with its icon. */
export function IconList({ entries }: { entries: readonly Entry[] }) {
  return (
    <ul className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {entries.map(({ label, icon }) => (
        <li key={label} className="flex items-center gap-3">
          <Icon name={icon} aria-hidden className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}

function FeatureList({ title, entries, empty }: { title: string; entries: readonly Entry[]; empty: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-stone-200 py-8 dark:border-stone-800">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-stone-600 dark:text-stone-400">{empty}</p>
      ) : (
        <IconList entries={entries} />
      )}
    </section>
  );
}

const withIcons = (items: readonly string[], icons: Record<string, IconName>, fallback: IconName) => items.map((label) => ({ label, icon: icons[label] ?? fallback }));

export function AmenityList({ amenities }: { amenities: readonly string[] }) {
  return <FeatureList title="Comodidades" entries={withIcons(amenities, AMENITY_ICONS, "circle-check")} empty="O anfitrião ainda não informou as comodidades." />;
}

export function SafetyList({ items }: { items: readonly string[] }) {
  return <FeatureList title="Itens de segurança" entries={withIcons(items, SAFETY_ICONS, "shield-check")} empty="O anfitrião ainda não informou itens de segurança." />;
}

const FEATURE_ICONS: Record<Exclude<StayFeature, typeof PETS_FEATURE>, IconName> = { stepFree: "accessibility", childFriendly: "baby" };
const POWER_ICONS: Record<PowerSource, IconName> = { rede: "plug-zap", solar: "sun", gerador: "fuel" };

/** What the host stated of the rural attributes (stored as tags), one line each; pets are with the house rules. */
function attributeEntries(tags: readonly string[]): Entry[] {
  const a = attributesFromTags(tags);
  const entries: Entry[] = a.features.flatMap((f) => (f === PETS_FEATURE ? [] : [{ label: STAY_FEATURES[f], icon: FEATURE_ICONS[f] }]));
  if (a.road) entries.push({ label: `Acesso de carro: ${ROAD_ACCESS[a.road]}`, icon: "car" });
  // No signal is a crossed-out phone: lucide's "signal-zero" (zero bars) draws a lone dot, which reads as no icon.
  if (a.signal) {
    entries.push(
      a.signal.length === 0
        ? { label: NO_SIGNAL_LABEL, icon: "phone-off" }
        : { label: `Sinal de celular: ${a.signal.map((c) => MOBILE_CARRIERS[c]).join(", ")}`, icon: "signal" },
    );
  }
  if (a.internet) entries.push(a.internet === "nenhuma" ? { label: INTERNET_KINDS.nenhuma, icon: "wifi-off" } : { label: `Internet: ${INTERNET_KINDS[a.internet]}`, icon: "globe" });
  entries.push(...a.power.map((p) => ({ label: POWER_SOURCES[p], icon: POWER_ICONS[p] })));
  return entries;
}

export function AttributeList({ tags }: { tags: readonly string[] }) {
  return <FeatureList title="Acesso e estrutura" entries={attributeEntries(tags)} empty="O anfitrião ainda não informou." />;
}
