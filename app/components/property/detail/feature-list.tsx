import { Accessibility, AirVent, AlarmSmoke, Baby, BriefcaseMedical, Car, Cctv, CircleCheck, Coffee, CookingPot, Dumbbell, FireExtinguisher, Flame, FlameKindling, Fuel, Globe, Laptop, PlugZap, Sailboat, ShieldCheck, ShowerHead, Signal, SignalZero, Siren, SquareParking, Sun, TreePalm, Tv, UtensilsCrossed, WashingMachine, WavesLadder, Wifi, WifiOff, type IconComponent } from "~/components/ui/icons";
import { useId } from "react";
import { INTERNET_KINDS, MOBILE_CARRIERS, NO_SIGNAL_LABEL, POWER_SOURCES, ROAD_ACCESS, STAY_FEATURES, type PowerSource, type StayFeature } from "@common/catalog";
import { attributesFromTags } from "@common/stay-attributes";
import { PETS_FEATURE } from "@common/house-rules";

/** Keyed by the catalogue's names; "Café da manhã" and "Garagem" may come from older listings. */
const AMENITY_ICONS: Record<string, IconComponent> = {
  "Wi-Fi": Wifi,
  Estacionamento: SquareParking,
  Garagem: SquareParking,
  "Café da manhã": Coffee,
  TV: Tv,
  Cozinha: CookingPot,
  "Ar condicionado": AirVent,
  Piscina: WavesLadder,
  "Espaço de trabalho": Laptop,
  "Máquina de lavar": WashingMachine,
  Churrasqueira: Flame,
  "Área de jantar externa": UtensilsCrossed,
  "Lareira interna": Flame,
  Fogueira: FlameKindling,
  "Equipamento ginástica": Dumbbell,
  "Chuveiro externo": ShowerHead,
  "Acesso ao lago": Sailboat,
  "Acesso à praia": TreePalm,
};

const SAFETY_ICONS: Record<string, IconComponent> = {
  "Detector de fumaça": AlarmSmoke,
  "Kit de primeiros socorros": BriefcaseMedical,
  "Extintor de incêndio": FireExtinguisher,
  "Alarme de monóxido de carbono": Siren,
  "Câmera de segurança na parte externa": Cctv,
};

export interface Entry {
  label: string;
  Icon: IconComponent;
}

/** A listing's facts as a two-column list, each with its icon. */
export function IconList({ entries }: { entries: readonly Entry[] }) {
  return (
    <ul className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {entries.map(({ label, Icon }) => (
        <li key={label} className="flex items-center gap-3">
          <Icon aria-hidden className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
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

const withIcons = (items: readonly string[], icons: Record<string, IconComponent>, fallback: IconComponent) => items.map((label) => ({ label, Icon: icons[label] ?? fallback }));

export function AmenityList({ amenities }: { amenities: readonly string[] }) {
  return <FeatureList title="Comodidades" entries={withIcons(amenities, AMENITY_ICONS, CircleCheck)} empty="O anfitrião ainda não informou as comodidades." />;
}

export function SafetyList({ items }: { items: readonly string[] }) {
  return <FeatureList title="Itens de segurança" entries={withIcons(items, SAFETY_ICONS, ShieldCheck)} empty="O anfitrião ainda não informou itens de segurança." />;
}

const FEATURE_ICONS: Record<Exclude<StayFeature, typeof PETS_FEATURE>, IconComponent> = { stepFree: Accessibility, childFriendly: Baby };
const POWER_ICONS: Record<PowerSource, IconComponent> = { rede: PlugZap, solar: Sun, gerador: Fuel };

/** What the host stated of the rural attributes (stored as tags), one line each; pets are with the house rules. */
function attributeEntries(tags: readonly string[]): Entry[] {
  const a = attributesFromTags(tags);
  const entries: Entry[] = a.features.flatMap((f) => (f === PETS_FEATURE ? [] : [{ label: STAY_FEATURES[f], Icon: FEATURE_ICONS[f] }]));
  if (a.road) entries.push({ label: `Acesso de carro: ${ROAD_ACCESS[a.road]}`, Icon: Car });
  if (a.signal) {
    entries.push(
      a.signal.length === 0
        ? { label: NO_SIGNAL_LABEL, Icon: SignalZero }
        : { label: `Sinal de celular: ${a.signal.map((c) => MOBILE_CARRIERS[c]).join(", ")}`, Icon: Signal },
    );
  }
  if (a.internet) entries.push(a.internet === "nenhuma" ? { label: INTERNET_KINDS.nenhuma, Icon: WifiOff } : { label: `Internet: ${INTERNET_KINDS[a.internet]}`, Icon: Globe });
  entries.push(...a.power.map((p) => ({ label: POWER_SOURCES[p], Icon: POWER_ICONS[p] })));
  return entries;
}

export function AttributeList({ tags }: { tags: readonly string[] }) {
  return <FeatureList title="Acesso e estrutura" entries={attributeEntries(tags)} empty="O anfitrião ainda não informou." />;
}
