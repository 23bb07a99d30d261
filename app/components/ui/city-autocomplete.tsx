import { Icon } from "~/components/ui/icons";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { LIMITS, MIN_CITY_QUERY_LENGTH } from "@common/limits";
import type { BrazilianCities, CityOption } from "@common/cities";
import type { LatLng } from "@common/property-query";
import { FieldError } from "~/components/ui/field-error";
import { inputClass } from "~/components/ui/input-class";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { useNearMe } from "./use-near-me";

type Suggest = (options: CityOption[], text: string) => CityOption[];
type ListState = { status: "loading" } | { status: "ready" | "fallback"; options: CityOption[]; suggest: Suggest };

let cityList: Promise<ListState> | undefined;
let loaded: CityOption[] | null = null;

/** Every municipality once this page has loaded the list (a location field was used), else null. */
export function loadedMunicipalities(): CityOption[] | null {
  return loaded;
}

/**
 * Loads /brazilian-cities.json and the code that matches a text against it once per page life, when
 * a location field is first used: neither is part of the page's first load. The 20 largest cities
 * stand in when the list fails; when the code fails, the field stays a plain field and the next
 * keystroke tries again.
 */
function loadCities(): Promise<ListState> {
  cityList ??= import("@common/cities").then(
    ({ cityOptions, FALLBACK_CITIES, suggestCities }) =>
      fetch("/brazilian-cities.json")
        .then((res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res.json() as Promise<BrazilianCities>;
        })
        .then((data): ListState => {
          loaded = cityOptions(data);
          return { status: "ready", options: loaded, suggest: suggestCities };
        })
        .catch((): ListState => {
          cityList = undefined; // try again on the next page
          return { status: "fallback", options: FALLBACK_CITIES, suggest: suggestCities };
        }),
    (): ListState => {
      cityList = undefined;
      return { status: "loading" };
    },
  );
  return cityList;
}

const CLOSE_DELAY_MS = 200;

/**
 * A text field with city suggestions "City - UF" (ARIA combobox). Without JavaScript it is a plain
 * field. With `onNearMe`, a "Perto de mim" button beside the label searches around the guest.
 */
export function CityAutocomplete({
  name,
  label,
  defaultValue = "",
  placeholder = "Cidade - UF",
  maxLength = LIMITS.location,
  error,
  onNearMe,
  onValueChange,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  placeholder?: string;
  maxLength?: number;
  error?: string;
  onNearMe?: (near: LatLng) => void;
  /** Hears every change of the text, typed or chosen. */
  onValueChange?: (value: string) => void;
}) {
  const id = useId();
  const listId = `${id}-cidades`;
  const [value, setText] = useState(defaultValue);
  const setValue = (text: string) => {
    setText(text);
    onValueChange?.(text);
  };
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(() => input.current, value, setValue);
  const nearMe = useNearMe(
    onNearMe &&
      ((near) => {
        setValue(""); // the search is around the guest now, not a place typed here
        onNearMe(near);
      }),
  );
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const [list, setList] = useState<ListState>({ status: "loading" });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Focused before the field hydrated (its code loads as someone reaches for it, HydrateOnUse): the
  // focus event went by unheard, so the suggestions for what was typed meanwhile open now.
  useLayoutEffect(() => {
    if (input.current && document.activeElement === input.current) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the markup the page hydrated
  }, []);

  const typed = value.trim();
  const suggestions = useMemo(() => (list.status === "loading" ? [] : list.suggest(list.options, typed)), [list, typed]);
  const open = focused && typed.length >= MIN_CITY_QUERY_LENGTH;

  function start() {
    clearTimeout(closeTimer.current);
    setFocused(true);
    if (list.status === "loading") void loadCities().then(setList);
  }

  function choose(option: CityOption) {
    setValue(option.label);
    setActive(-1);
    setFocused(false);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!suggestions.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setFocused(false);
    }
  }

  const optionId = (i: number) => `${id}-opcao-${i}`;
  return (
    <div className="relative">
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </label>
        {nearMe.available ? (
          <button
            type="button"
            onClick={nearMe.locate}
            disabled={nearMe.locating}
            className="-my-1 inline-flex items-center gap-1 rounded px-1 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline disabled:cursor-wait dark:text-brand-300"
          >
            <Icon name="locate-fixed" aria-hidden className="size-3.5" />
            {nearMe.locating ? "Localizando…" : "Perto de mim"}
          </button>
        ) : null}
      </div>
      <div className="relative">
        <Icon name="map-pin" aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500" />
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open && suggestions.length > 0 ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          className={`${inputClass} pl-9`}
          onChange={(e) => {
            setValue(e.target.value);
            setActive(-1);
            start();
          }}
          onFocus={start}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setFocused(false), CLOSE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {open ? (
        <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg dark:border-stone-700 dark:bg-stone-900">
          {list.status === "fallback" ? (
            <p className="border-b border-stone-200 px-3 py-2 text-xs text-amber-800 dark:border-stone-700 dark:text-amber-300">
              Usando lista reduzida de cidades
            </p>
          ) : null}
          {suggestions.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto py-1">
              {suggestions.map((option, i) => (
                <li
                  key={option.label}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-white" : "text-stone-800 dark:text-stone-100"}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.label}
                </li>
              ))}
            </ul>
          ) : null}
          {list.status === "loading" ? (
            <p role="status" className="px-3 py-2 text-sm text-stone-600 dark:text-stone-300">
              Carregando cidades...
            </p>
          ) : suggestions.length === 0 ? (
            <p role="status" className="px-3 py-2 text-sm text-stone-600 dark:text-stone-300">
              Nenhuma cidade encontrada para "{typed}"
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      {nearMe.message ? (
        <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {nearMe.message}
        </p>
      ) : null}
    </div>
  );
}
