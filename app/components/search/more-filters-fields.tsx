import { formatCount } from "@common/format";
import { Icon } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { AMENITIES, INTERNET_KINDS, MOBILE_CARRIERS, POWER_SOURCES, ROAD_ACCESS, STAY_FEATURES } from "@common/catalog";
import type { PropertyQuery } from "@common/property-query";
import { CARRIER_KEYS, FEATURE_KEYS, INTERNET_KEYS, POWER_KEYS, ROAD_KEYS } from "@common/stay-attributes";
import type { Facets } from "@server/properties/facets";
import { selectionOf, triggerClass, triggerReplay, triggerText, type GroupKey, type Selection } from "./more-filters-selection";

const option = <T extends string>(value: T, label: string) => ({ value, label });
const GROUPS: { key: GroupKey; title: string; options: { value: string; label: string }[]; wide?: boolean }[] = [
  { key: "amenities", title: "Comodidades", options: AMENITIES.map((a) => option(a, a)), wide: true },
  { key: "features", title: "Para quem é", options: FEATURE_KEYS.map((f) => option(f, STAY_FEATURES[f])) },
  { key: "road", title: "Acesso de carro", options: ROAD_KEYS.map((r) => option(r, ROAD_ACCESS[r])) },
  { key: "signal", title: "Sinal de celular", options: [...CARRIER_KEYS.map((c) => option(c, MOBILE_CARRIERS[c])), option("none", "Sem sinal")] },
  { key: "internet", title: "Internet", options: INTERNET_KEYS.map((k) => option(k, INTERNET_KINDS[k])) },
  { key: "power", title: "Energia", options: POWER_KEYS.map((p) => option(p, POWER_SOURCES[p])) },
];

const NO_SELECTION: Selection = { amenities: [], features: [], road: [], signal: [], internet: [], power: [] };

const COUNTS_DELAY_MS = 250;

/**
 * Counts for the page's query with `selection` in place of its own (null until they arrive, or
 * while `enabled` is false): asked again, after a pause, whenever the boxes change.
 */
function useFacets(enabled: boolean, search: string, tipo: string): Facets | null {
  const [facets, setFacets] = useState<Facets | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams(search);
      params.set("tipo", tipo);
      fetch(`/api/filtros?${params}`, { signal: abort.signal })
        .then((res) => (res.ok ? (res.json() as Promise<Facets>) : null))
        .then((next) => setFacets(next))
        .catch(() => undefined); // a newer request took over, or the network failed: the counts stay as they were
    }, COUNTS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [enabled, search, tipo]);
  return facets;
}

const hospedagens = (n: number, cap: number) => (n > cap ? `mais de ${formatCount(cap)} hospedagens` : n === 1 ? "1 hospedagem" : `${formatCount(n)} hospedagens`);
/** An option's count as shown beside it: "(12)", or "(1.000+)" past the cap. */
const optionCount = (n: number, cap: number) => (n > cap ? `(${formatCount(cap)}+)` : `(${formatCount(n)})`);

export interface MoreFiltersProps {
  query: PropertyQuery;
  /** The category page's slug, or "" for the home results. */
  tipo: string;
  /** The page's query string for a query (the counts are asked for it). */
  searchFor: (query: PropertyQuery) => string;
  idPrefix: string;
}

/** The boxes being chosen, from the applied ones, and how many listings each would find while `counting`. */
function useChoice({ query, tipo, searchFor }: MoreFiltersProps, counting: boolean) {
  const [selection, setSelection] = useState(() => selectionOf(query));
  const facets = useFacets(counting, searchFor({ ...query, ...selection, page: 1 }), tipo);
  return { selection, setSelection, facets };
}

function ShowButton({ facets }: { facets: Facets | null }) {
  return (
    <button type="submit" className="flex-1 rounded-lg bg-brand-700 px-3 py-2.5 font-semibold whitespace-nowrap text-white hover:bg-brand-800 sm:flex-none sm:px-4">
      {facets ? `Mostrar ${hospedagens(facets.total, facets.cap)}` : "Mostrar hospedagens"}
    </button>
  );
}

/**
 * "Mais filtros" as a <details> section of the page's GET form: the phone drawer's (whose own
 * buttons submit: `withShowButton` false), and the category and results pages' before JavaScript
 * runs (and without it). The counts are asked for while it is open.
 */
export function MoreFiltersSection({ withShowButton, ...props }: MoreFiltersProps & { withShowButton: boolean }) {
  const [open, setOpen] = useState(false);
  const { selection, setSelection, facets } = useChoice(props, open);
  return (
    <details className="group w-full" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary {...triggerReplay} className={`${triggerClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Icon name="sliders-horizontal" aria-hidden className="size-4" /> {triggerText(selectionOf(props.query))}
        <Icon name="chevron-down" aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-4 space-y-6">
        <FilterGroups idPrefix={props.idPrefix} selection={selection} onChange={setSelection} facets={facets} />
        {withShowButton ? (
          <div className="flex gap-3">
            <ShowButton facets={facets} />
          </div>
        ) : null}
      </div>
    </details>
  );
}

/**
 * The dialog's boxes and its footer, drawn while it is open (each opening starts from the applied
 * filters). "Mostrar N hospedagens" submits the page's form, then `onShown` closes the dialog.
 */
export function MoreFiltersPanel({ onShown, ...props }: MoreFiltersProps & { onShown: () => void }) {
  const { selection, setSelection, facets } = useChoice(props, true);
  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
        <FilterGroups idPrefix={props.idPrefix} selection={selection} onChange={setSelection} facets={facets} />
      </div>
      <div className="flex gap-3 border-t border-stone-200 px-6 py-4 sm:justify-end dark:border-stone-700">
        <button
          type="button"
          onClick={() => setSelection(NO_SELECTION)}
          className="rounded-lg border border-stone-300 px-3 py-2.5 font-medium hover:bg-stone-100 sm:px-4 dark:border-stone-600 dark:hover:bg-stone-800"
        >
          Limpar
        </button>
        {/* Closes after the form has read its fields. */}
        <span className="contents" onClickCapture={() => setTimeout(onShown)}>
          <ShowButton facets={facets} />
        </span>
      </div>
    </>
  );
}

function FilterGroups({
  idPrefix,
  selection,
  onChange,
  facets,
}: {
  idPrefix: string;
  selection: Selection;
  onChange: (next: Selection) => void;
  facets: Facets | null;
}) {
  return (
    <div className="space-y-6">
      {GROUPS.map((group) => {
        const chosen: readonly string[] = selection[group.key];
        const groupCounts = facets?.counts[group.key] as Record<string, number | null> | undefined;
        return (
          <fieldset key={group.key}>
            <legend className="mb-3 font-semibold">{group.title}</legend>
            <div className={`grid gap-x-4 gap-y-2 sm:grid-cols-2 ${group.wide ? "lg:grid-cols-3" : ""}`}>
              {group.options.map(({ value, label }) => {
                const id = `${idPrefix}-${group.key}-${value}`.replace(/[^\w-]/g, "_");
                const ticked = chosen.includes(value);
                const count = groupCounts?.[value];
                const none = count === 0 && !ticked;
                return (
                  <label key={value} htmlFor={id} className={`flex items-center gap-3 rounded-md py-1 ${none ? "text-stone-500 dark:text-stone-400" : ""}`}>
                    <input
                      id={id}
                      type="checkbox"
                      name={group.key}
                      value={value}
                      checked={ticked}
                      onChange={(e) => onChange({ ...selection, [group.key]: e.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value) })}
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    <span>
                      {label}
                      {count == null || !facets ? null : (
                        <span className={`tabular-nums ${none ? "" : "text-stone-600 dark:text-stone-400"}`}> {optionCount(count, facets.cap)}</span>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
