import type { PropertyQuery } from "@common/property-query";
import { REPLAY_AS } from "~/components/ui/hydrate-on-use";

/** What "Mais filtros" chooses: amenities and the rural attributes. */
export type Selection = Pick<PropertyQuery, "amenities" | "features" | "road" | "signal" | "internet" | "power">;
export type GroupKey = keyof Selection;

export const GROUP_KEYS: readonly GroupKey[] = ["amenities", "features", "road", "signal", "internet", "power"];

export const selectionOf = (q: Selection): Selection => ({ amenities: q.amenities, features: q.features, road: q.road, signal: q.signal, internet: q.internet, power: q.power });
export const chosenCount = (s: Selection) => GROUP_KEYS.reduce((n, key) => n + s[key].length, 0);
/** The trigger's text: "Mais filtros", with how many options are applied. */
export const triggerText = (applied: Selection) => (chosenCount(applied) > 0 ? `Mais filtros · ${chosenCount(applied)}` : "Mais filtros");

/** The trigger as the server draws it (a summary) and as the browser does (a button): one control (REPLAY_AS). */
export const triggerReplay = { [REPLAY_AS]: "mais-filtros" };

export const triggerClass =
  "inline-flex items-center gap-2 rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800";
