import type { PropertyQuery } from "../../common/property-query";
import { brazilianStates } from "../cities/places";
import type { UnderstoodQuery } from "./understood-query";

/** What a results page says about the place searched: distances from it, and the other places the words could mean. */
export interface PlaceNotes {
  centerName: string | null;
  /** Same-named municipalities: "Você quis dizer Bonito - PA?" (label and the query change choosing it). */
  alternatives: { label: string; change: Partial<PropertyQuery> }[];
  stateNames: Record<string, string>;
}

export function placeNotes(understood: UnderstoodQuery): { notes: PlaceNotes } {
  const alternatives: PlaceNotes["alternatives"] = understood.namesakes.map((m) => ({ label: m.label, change: { location: m.label } }));
  if (understood.stateCity) alternatives.push({ label: `a cidade de ${understood.stateCity.label}`, change: { state: null, location: understood.stateCity.label } });
  return {
    notes: {
      centerName: understood.centerName,
      alternatives,
      stateNames: Object.fromEntries(brazilianStates().map((s) => [s.uf, s.name])),
    },
  };
}
