import {
  AirVent,
  AlarmSmoke,
  BriefcaseMedical,
  Cctv,
  CircleCheck,
  Coffee,
  CookingPot,
  Dumbbell,
  FireExtinguisher,
  Flame,
  FlameKindling,
  Laptop,
  Sailboat,
  ShieldCheck,
  ShowerHead,
  Siren,
  SquareParking,
  TreePalm,
  Tv,
  UtensilsCrossed,
  WashingMachine,
  WavesLadder,
  Wifi,
  type LucideIcon,
} from "lucide-react";
import { useId } from "react";

/** Keyed by the catalogue's names; "Café da manhã" and "Garagem" may come from older listings. */
const AMENITY_ICONS: Record<string, LucideIcon> = {
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

const SAFETY_ICONS: Record<string, LucideIcon> = {
  "Detector de fumaça": AlarmSmoke,
  "Kit de primeiros socorros": BriefcaseMedical,
  "Extintor de incêndio": FireExtinguisher,
  "Alarme de monóxido de carbono": Siren,
  "Câmera de segurança na parte externa": Cctv,
};

function FeatureList({ title, items, icons, fallback, empty }: { title: string; items: readonly string[]; icons: Record<string, LucideIcon>; fallback: LucideIcon; empty: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-stone-200 py-8 dark:border-stone-800">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-stone-600 dark:text-stone-400">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {items.map((item) => {
            const Icon = icons[item] ?? fallback;
            return (
              <li key={item} className="flex items-center gap-3">
                <Icon aria-hidden className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                <span>{item}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function AmenityList({ amenities }: { amenities: readonly string[] }) {
  return <FeatureList title="Comodidades" items={amenities} icons={AMENITY_ICONS} fallback={CircleCheck} empty="O anfitrião ainda não informou as comodidades." />;
}

export function SafetyList({ items }: { items: readonly string[] }) {
  return <FeatureList title="Itens de segurança" items={items} icons={SAFETY_ICONS} fallback={ShieldCheck} empty="O anfitrião ainda não informou itens de segurança." />;
}
