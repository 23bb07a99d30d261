import estadosCsv from "./ibge/estados.csv?raw";
import municipiosCsv from "./ibge/municipios.csv?raw";
import type { Municipality, State } from "../../common/places";
import { parseMunicipalities, parseStates } from "./ibge";

let states: State[] | undefined;
let municipalities: Municipality[] | undefined;
let byCode: Map<number, Municipality> | undefined;
let byLabel: Map<string, Municipality> | undefined;

/** The 27 states, by UF. */
export function brazilianStates(): State[] {
  states ??= parseStates(estadosCsv);
  return states;
}

/** All 5,570 municipalities with their IBGE point, by name. */
export function municipalityPlaces(): Municipality[] {
  municipalities ??= parseMunicipalities(municipiosCsv, brazilianStates());
  return municipalities;
}

export function municipalityByCode(code: number): Municipality | undefined {
  byCode ??= new Map(municipalityPlaces().map((m) => [m.code, m]));
  return byCode.get(code);
}

/** The municipality of a canonical "City - UF" label (what location fields store). */
export function municipalityByLabel(label: string): Municipality | undefined {
  byLabel ??= new Map(municipalityPlaces().map((m) => [m.label, m]));
  return byLabel.get(label);
}
