import { Icon } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { stayTotal } from "@common/availability-texts";
import type { ListingAvailability } from "@server/availability/listing-availability";
import { useModuleOnDemand } from "~/components/ui/on-demand";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { useRouteLoaderData } from "react-router";
import { notify } from "~/components/ui/toasts";
import { guestsLabel } from "@common/whatsapp";
import { addNights, formatNight, isNight, nightOf, nightsBetween, type Night } from "@common/nights";
import { MAX_DAYS_AHEAD, stayDatesError, type Stay, type StayField } from "@common/stays";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { primaryButton } from "~/components/ui/button-class";
import { FieldError } from "~/components/ui/field-error";
import { inputClass } from "~/components/ui/input-class";
import type { loader as rootLoader } from "~/root";

interface ContactCardProps {
  slug: string;
  /** The price per night as shown, formatted by the server (see PropertyCardData.price). */
  price: string;
  priceCents: number;
  availability: ListingAvailability;
  /** The dates the guest came with (from dated results), already checked. */
  initialStay: Stay | null;
  maxGuests: number;
  hasWhatsapp: boolean;
  /** yyyy-mm-dd in Brasília, from the server, so the rendered date limits match on hydration. */
  today: string;
  /** A listing awaiting approval, previewed by its host or an operator: there is no one to contact yet. */
  preview?: boolean;
}

const loadStayPicker = () => import("./stay-picker");
/** The stay's check against the host's calendar and its confirmation: wanted once both dates are set. */
const loadStayCheck = () => import("./stay-check");
type StayCheck = Awaited<ReturnType<typeof loadStayCheck>>;

/** The contact form's id: the phone bar's button (ContactBar) submits the same form. */
const CONTACT_FORM_ID = "contato-whatsapp";

function showPreviewOnly() {
  notify.toast({ variant: "info", title: "Pré-visualização", description: "O contato pelo WhatsApp fica disponível depois que a propriedade for aprovada." });
}

function showUnavailable() {
  notify.error("Contato não disponível", { description: "Número do WhatsApp não encontrado para esta propriedade." });
}

/** What is wrong with the form's dates, checked against today at the moment of sending. */
function datesProblem(form: HTMLFormElement): { field: StayField; message: string } | null {
  const checkIn = form.elements.namedItem("checkin") as HTMLInputElement;
  const checkOut = form.elements.namedItem("checkout") as HTMLInputElement;
  // A half-typed date reads as "" with badInput set.
  if (checkIn.validity.badInput) return { field: "checkin", message: "Informe uma data de check-in válida." };
  if (checkOut.validity.badInput) return { field: "checkout", message: "Informe uma data de check-out válida." };
  return stayDatesError(checkIn.value, checkOut.value, nightOf(new Date()));
}

/**
 * Price per night, dates, guests and 'Contatar via WhatsApp'. The form is a plain GET to the contact
 * route in a new tab, so it works before JavaScript loads; with JavaScript, dates are checked first,
 * logged-out visitors get the sign-in dialog and then the new tab, and a property without a number
 * says so without leaving the page.
 */
export function ContactCard({ slug, price, priceCents, availability, initialStay, maxGuests, hasWhatsapp, today, preview = false }: ContactCardProps) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { openAuthDialog } = useAuthDialog();
  const formRef = useRef<HTMLFormElement>(null);
  const [checkIn, setCheckIn] = useState<string>(initialStay?.checkIn ?? "");
  const [checkOut, setCheckOut] = useState<string>(initialStay?.checkOut ?? "");
  // Dates typed before the page's scripts ran are kept (the fields are controlled once it runs).
  const field = (name: string) => formRef.current?.elements.namedItem(name) as HTMLInputElement | null | undefined;
  useTypedBeforeHydration(() => field("checkin"), checkIn, setCheckIn);
  useTypedBeforeHydration(() => field("checkout"), checkOut, setCheckOut);
  const [problem, setProblem] = useState<{ field: StayField; message: string } | null>(null);
  // A stay over a taken night (or under the minimum) is sent only once the guest confirms it.
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmed = useRef(false);
  const picker = useModuleOnDemand(loadStayPicker);
  const [check, setCheck] = useState<StayCheck | null>(null);
  const bothDates = Boolean(checkIn && checkOut);
  useEffect(() => {
    // Here before the guest presses "Contatar": a stay is sent unchecked only if it could not load.
    if (bothDates) void loadStayCheck().then(setCheck, () => undefined);
  }, [bothDates]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const id = useId();
  const errorId = `${id}-erro`;
  const action = `/accommodation/${slug}/contato`;

  function openContactTab() {
    const form = formRef.current;
    if (!form) return;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && value) query.set(name, value);
    const url = `${action}?${query}`;
    const tab = window.open(url, "_blank");
    // A popup blocker may refuse a tab opened after the sign-in round trip: go there in this tab instead.
    if (tab) tab.opener = null;
    else window.location.assign(url);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (preview) {
      event.preventDefault();
      showPreviewOnly();
      return;
    }
    const found = datesProblem(event.currentTarget);
    setProblem(found);
    if (found) {
      event.preventDefault();
      (event.currentTarget.elements.namedItem(found.field) as HTMLInputElement).focus();
      return;
    }
    const warning = checkIn && checkOut && check ? check.stayWarning({ checkIn, checkOut }, availability) : null;
    if (warning && !confirmed.current) {
      event.preventDefault();
      setConfirming(warning);
      return;
    }
    confirmed.current = false;
    setConfirming(null);
    if (!viewer) {
      event.preventDefault();
      openAuthDialog({ onSuccess: () => (hasWhatsapp ? openContactTab() : showUnavailable()) });
      return;
    }
    if (!hasWhatsapp) {
      event.preventDefault();
      showUnavailable();
    }
    // Otherwise the browser sends the form to a new tab.
  }

  function onDateChange() {
    setConfirming(null);
    if (problem && formRef.current) setProblem(datesProblem(formRef.current));
  }

  function pick(from: Night, to: Night | null) {
    setCheckIn(from);
    setCheckOut(to ?? "");
    setProblem(null);
    setConfirming(null);
  }

  const a11y = (field: StayField) =>
    problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  const labelClass = "mb-1 block text-xs font-semibold tracking-wide text-stone-700 uppercase dark:text-stone-300";
  const lastDay = addNights(today, MAX_DAYS_AHEAD);

  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-lg sm:p-6 dark:border-stone-700 dark:bg-stone-900">
      <h2 id={`${id}-titulo`} className="sr-only">
        Preço e contato
      </h2>
      <p>
        <span className="text-2xl font-bold">{price}</span> <span className="text-stone-700 dark:text-stone-300">/ noite</span>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
        <Icon name="calendar-days" aria-hidden className="size-4 shrink-0" />
        {availability.note}
      </p>
      <form id={CONTACT_FORM_ID} ref={formRef} method="get" action={action} target="_blank" noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
        <div className="grid grid-cols-2 gap-2 md:max-lg:grid-cols-1">
          <div>
            <label htmlFor={`${id}-checkin`} className={labelClass}>
              Check-in
            </label>
            <input
              id={`${id}-checkin`}
              name="checkin"
              type="date"
              min={today}
              max={lastDay}
              value={checkIn}
              className={inputClass}
              onChange={(e) => {
                setCheckIn(e.target.value);
                onDateChange();
              }}
              {...a11y("checkin")}
            />
          </div>
          <div>
            <label htmlFor={`${id}-checkout`} className={labelClass}>
              Check-out
            </label>
            <input
              id={`${id}-checkout`}
              name="checkout"
              type="date"
              min={addNights(isNight(checkIn) ? checkIn : today, 1)}
              max={lastDay}
              value={checkOut}
              className={inputClass}
              onChange={(e) => {
                setCheckOut(e.target.value);
                onDateChange();
              }}
              {...a11y("checkout")}
            />
          </div>
        </div>
        <button
          type="button"
          aria-expanded={pickerOpen}
          aria-controls={`${id}-calendario`}
          onPointerEnter={() => void loadStayPicker().catch(() => undefined)}
          onClick={() => (pickerOpen ? setPickerOpen(false) : void picker.request().then((loaded) => loaded && setPickerOpen(true)))}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          <Icon name="calendar-days" aria-hidden className="size-4" />
          {pickerOpen ? "Fechar calendário" : "Ver noites disponíveis"}
        </button>
        <div id={`${id}-calendario`} hidden={!pickerOpen}>
          {picker.module && pickerOpen ? (
            <picker.module.StayPicker today={today} lastNight={availability.lastNight} taken={availability.taken} checkIn={isNight(checkIn) ? checkIn : null} checkOut={isNight(checkOut) ? checkOut : null} onPick={pick} />
          ) : null}
          {availability.minNights > 1 ? <p className="text-xs text-stone-600 dark:text-stone-400">{`Estadia mínima: ${availability.minNights} noites.`}</p> : null}
        </div>
        {problem ? <FieldError id={errorId}>{problem.message}</FieldError> : <StaySummary checkIn={checkIn} checkOut={checkOut} priceCents={priceCents} />}
        {confirming && check ? (
          <check.StayConfirmation
            message={confirming}
            onConfirm={() => {
              confirmed.current = true;
              formRef.current?.requestSubmit();
            }}
            onChoose={() => {
              setConfirming(null);
              field("checkin")?.focus();
            }}
          />
        ) : null}
        <div>
          <label htmlFor={`${id}-guests`} className={labelClass}>
            Hóspedes
          </label>
          <select id={`${id}-guests`} name="guests" defaultValue="1" className={inputClass}>
            {Array.from({ length: maxGuests }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {guestsLabel(n)}
              </option>
            ))}
          </select>
        </div>
        <ContactButton />
      </form>
      <p className="mt-4 text-center text-xs text-stone-600 dark:text-stone-400">
        A conversa abre no WhatsApp, em uma nova aba. O Recanto não cobra taxas nem intermedeia reservas.
      </p>
    </section>
  );
}

function ContactButton({ className = "" }: { className?: string }) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { preloadProps } = useAuthDialog();
  return (
    <button type="submit" form={CONTACT_FORM_ID} className={`${primaryButton} gap-2 ${className}`} {...(viewer ? {} : preloadProps)}>
      <Icon name="message-circle" aria-hidden className="size-5" />
      Contatar via WhatsApp
    </button>
  );
}

/**
 * The price and 'Contatar via WhatsApp' for the bottom of a phone's screen. Its button submits the
 * ContactCard's form, so it does just what the card's does (dates, guests, the sign-in dialog).
 */
export function ContactBar({ price }: { price: string }) {
  return (
    <div
      role="group"
      aria-label="Preço e contato"
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur sm:px-6 dark:border-stone-800 dark:bg-stone-950/95"
    >
      <p className="leading-tight">
        <span className="block font-bold">{price}</span>
        <span className="text-sm text-stone-700 dark:text-stone-300">/ noite</span>
      </p>
      {/* Smaller text keeps it on one line beside the price on most phones. */}
      <ContactButton className="text-sm" />
    </div>
  );
}

/** The chosen stay in words, dates as dd/mm/aaaa whatever the browser shows in its date fields. */
function StaySummary({ checkIn, checkOut, priceCents }: { checkIn: string; checkOut: string; priceCents: number }) {
  const valid = isNight(checkIn) && isNight(checkOut) && checkOut > checkIn;
  const nights = valid ? nightsBetween(checkIn, checkOut) : 0;
  // A live region: the total follows each change of dates, from the fields or the calendar.
  return (
    <div aria-live="polite" className="space-y-0.5 text-sm text-stone-700 empty:hidden dark:text-stone-300">
      {valid ? (
        <>
          <p>{`${nights} ${nights === 1 ? "noite" : "noites"}: de ${formatNight(checkIn)} a ${formatNight(checkOut)}`}</p>
          <p className="font-semibold text-stone-900 dark:text-stone-50">{stayTotal(priceCents, nights)}</p>
        </>
      ) : null}
    </div>
  );
}
