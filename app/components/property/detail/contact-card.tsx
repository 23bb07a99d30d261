import { Icon } from "~/components/ui/icons";
import { useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { notify } from "~/components/ui/toasts";
import { guestsLabel } from "@common/whatsapp";
import { MAX_DAYS_AHEAD, addNights, formatNight, isNight, nightOf, stayDatesError, type StayField } from "@common/nights";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { primaryButton } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { inputClass } from "~/components/ui/input-class";
import type { loader as rootLoader } from "~/root";

interface ContactCardProps {
  slug: string;
  /** The price per night as shown, formatted by the server (see PropertyCardData.price). */
  price: string;
  maxGuests: number;
  hasWhatsapp: boolean;
  /** yyyy-mm-dd in Brasília, from the server, so the rendered date limits match on hydration. */
  today: string;
  /** A listing awaiting approval, previewed by its host or an operator: there is no one to contact yet. */
  preview?: boolean;
}

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
export function ContactCard({ slug, price, maxGuests, hasWhatsapp, today, preview = false }: ContactCardProps) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { openAuthDialog } = useAuthDialog();
  const formRef = useRef<HTMLFormElement>(null);
  const [checkIn, setCheckIn] = useState("");
  const [checkOut, setCheckOut] = useState("");
  const [problem, setProblem] = useState<{ field: StayField; message: string } | null>(null);
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
    if (problem && formRef.current) setProblem(datesProblem(formRef.current));
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
              className={inputClass}
              onChange={(e) => {
                setCheckOut(e.target.value);
                onDateChange();
              }}
              {...a11y("checkout")}
            />
          </div>
        </div>
        {problem ? <FieldError id={errorId}>{problem.message}</FieldError> : <StaySummary checkIn={checkIn} checkOut={checkOut} />}
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
function StaySummary({ checkIn, checkOut }: { checkIn: string; checkOut: string }) {
  const valid = isNight(checkIn) && isNight(checkOut) && checkOut > checkIn;
  const nights = valid ? Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000) : 0;
  return (
    <p className="text-sm text-stone-700 empty:hidden dark:text-stone-300">
      {valid ? `${nights} ${nights === 1 ? "noite" : "noites"}: de ${formatNight(checkIn)} a ${formatNight(checkOut)}` : null}
    </p>
  );
}
