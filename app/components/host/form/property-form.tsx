import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { notify } from "~/components/ui/toasts";
import { LIMITS } from "@common/limits";
import { AMENITIES, PROPERTY_TYPES, SAFETY_ITEMS } from "@common/catalog";
import { normalizePhone } from "@common/phone";
import { locationCheck } from "@common/cities";
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  formatCents,
  GUEST_OPTIONS,
  IMAGES_REQUIRED,
  LOW_PRICE_CONFIRMATION,
  lowPriceConfirmation,
  lowPriceWarning,
  MESSAGES,
  parseBRL,
  PROPERTY_FIELD_ORDER,
  REVIEWED_FIELDS,
  tidyPrice,
  validateProperty,
  type FieldErrors,
} from "@common/property-form";
import { CityAutocomplete, loadedMunicipalities } from "~/components/ui/city-autocomplete";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { inputClass } from "~/components/ui/input-class";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { NO_ATTRIBUTES, type StayAttributes } from "@common/stay-attributes";
import { NO_HOUSE_RULES, PETS_FEATURE, type HouseRules } from "@common/house-rules";
import type { LatLng } from "@common/property-query";
import { PinPickerField } from "~/components/map/pin-picker-field";
import { ImageUploader } from "./image-uploader";
import { HouseRulesFields } from "./house-rules-fields";
import { ChoiceGroup, StayAttributesFields } from "./stay-attributes-fields";

/** What the form starts with: empty for a new listing, the stored values when editing. */
export interface PropertyFormValues extends HouseRules {
  title: string;
  description: string;
  propertyType: string;
  location: string;
  priceCents: number;
  maxGuests: number;
  bedrooms: number;
  bathrooms: number;
  amenities: readonly string[];
  safetyItems: readonly string[];
  /** As shown in the field, e.g. "+55 11 98765 4321". */
  whatsappContact: string;
  attributes: StayAttributes;
  images: { id: string; url: string }[];
  /** The host's own pin (only its owner sees it), null before one is placed. */
  pin: LatLng | null;
  showExactLocation: boolean;
}

export function emptyPropertyForm(whatsappContact: string): PropertyFormValues {
  return { title: "", description: "", propertyType: "", location: "", priceCents: 0, maxGuests: 1, bedrooms: 1, bathrooms: 1, amenities: [], safetyItems: [], whatsappContact, attributes: NO_ATTRIBUTES, ...NO_HOUSE_RULES, images: [], pin: null, showExactLocation: false };
}

interface PropertyFormProps {
  initial: PropertyFormValues;
  mode: "create" | "edit";
  cancelTo: string;
  /** Errors the server found (it checks everything again). */
  serverErrors?: FieldErrors;
  /** Editing an approved listing: warn before saving a change that needs review. */
  approved?: boolean;
}

export function PropertyForm({ initial, mode, cancelTo, serverErrors, approved = false }: PropertyFormProps) {
  const [images, setImages] = useState(initial.images);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [needsReview, setNeedsReview] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [city, setCity] = useState(initial.location);
  const [propertyType, setPropertyType] = useState(initial.propertyType);
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = clientErrors ?? serverErrors ?? {};

  /** The server's rules as far as the browser knows them; the location is checked once the city list has loaded. */
  const validate = (form: FormData) => validateProperty(form, normalizePhone, locationCheck(loadedMunicipalities(), initial.location));

  function focusFirstError(found: FieldErrors) {
    const first = PROPERTY_FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    if (first === "imageIds") {
      const missing = found.imageIds === MESSAGES.imagesRequired;
      notify.error(missing ? IMAGES_REQUIRED.title : "Fotos", { description: missing ? IMAGES_REQUIRED.description : found.imageIds });
    }
    const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    // Never refuse unseen: a field the page does not draw still says what is wrong.
    if (!target) return notify.error("Não foi possível salvar", { description: found[first] });
    const focusable = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';
    const control = target.matches(focusable) ? target : target.querySelector<HTMLElement>(focusable);
    (control ?? target).focus();
  }

  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) focusFirstError(serverErrors);
  }, [serverErrors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = validate(new FormData(event.currentTarget));
    if (result.ok) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(result.errors);
    focusFirstError(result.errors);
  }

  function recheck() {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    // After a refused submit, messages follow the fixes as they are typed.
    if (clientErrors || serverErrors) {
      const result = validate(form);
      setClientErrors(result.ok ? {} : result.errors);
    }
    if (!approved) return;
    const textChanged = REVIEWED_FIELDS.some((field) => String(form.get(field) ?? "").trim() !== (initial[field] ?? ""));
    const known = new Set(initial.images.map((image) => image.id));
    setNeedsReview(textChanged || images.some((image) => !known.has(image.id)));
  }
  // Checked after the change is drawn, not in the input event, so the rules see what the fields show
  // (photos added, the price written out in full when left). React's `onChange` on the form hears
  // every keystroke, tick and choice of its fields.
  const [edits, setEdits] = useState(0);
  const shownImages = useRef(images);
  useEffect(() => {
    if (shownImages.current === images) return; // not on the first render: the server's messages stay until something changes
    shownImages.current = images;
    setEdits((n) => n + 1);
  }, [images]);
  useEffect(() => {
    if (edits > 0) recheck();
  }, [edits]); // eslint-disable-line react-hooks/exhaustive-deps -- runs once per change

  return (
    <Form method="post" ref={formRef} onSubmit={onSubmit} onChange={() => setEdits((n) => n + 1)} noValidate className="space-y-10">
      <Section title="Fotos" description="Até 10 fotos em JPEG, PNG ou WebP. A primeira é a capa do anúncio.">
        <div data-field="imageIds">
          <ImageUploader images={images} onChange={setImages} onUploadingChange={setUploading} />
        </div>
        {errors.imageIds ? <FieldError>{errors.imageIds}</FieldError> : null}
      </Section>

      <Section title="Informações da propriedade">
        <TextField label="Título" name="title" data-field="title" defaultValue={initial.title} maxLength={LIMITS.title} required error={errors.title} />
        <TextAreaField
          label="Descrição"
          name="description"
          data-field="description"
          rows={6}
          maxLength={LIMITS.description}
          required
          defaultValue={initial.description}
          error={errors.description}
        />
        <SelectField
          label="Tipo de propriedade"
          name="propertyType"
          data-field="propertyType"
          defaultValue={initial.propertyType}
          onChange={(event) => setPropertyType(event.target.value)}
          error={errors.propertyType}
        >
          <option value="">Selecione o tipo</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <div data-field="location">
          <CityAutocomplete name="location" label="Localização" defaultValue={initial.location} error={errors.location} onValueChange={setCity} />
        </div>
        <div data-field="pin">
          <PinPickerField city={city} initialPin={initial.pin} initialExact={initial.showExactLocation} />
          {errors.pin || errors.showExactLocation ? <FieldError id="pin-error">{errors.pin ?? errors.showExactLocation}</FieldError> : null}
        </div>
      </Section>

      <Section title="Detalhes da acomodação">
        <div className="grid gap-4 sm:grid-cols-2">
          <PriceField initialCents={initial.priceCents} propertyType={propertyType} error={errors.priceCents} />
          <SelectField label="Máximo de hóspedes" name="maxGuests" data-field="maxGuests" defaultValue={String(initial.maxGuests)} error={errors.maxGuests}>
            {countOptions(GUEST_OPTIONS, "hóspede", "hóspedes")}
          </SelectField>
          <SelectField label="Quartos" name="bedrooms" data-field="bedrooms" defaultValue={String(initial.bedrooms)} error={errors.bedrooms}>
            {countOptions(BEDROOM_OPTIONS, "quarto", "quartos")}
          </SelectField>
          <SelectField label="Banheiros" name="bathrooms" data-field="bathrooms" defaultValue={String(initial.bathrooms)} error={errors.bathrooms}>
            {countOptions(BATHROOM_OPTIONS, "banheiro", "banheiros")}
          </SelectField>
        </div>
      </Section>

      <StayAttributesFields
        initial={initial.attributes}
        errors={errors}
        section={(fields) => (
          <Section title="Acesso e estrutura" description="O que os hóspedes perguntam antes de ir. Quem filtra por estes itens encontra o seu anúncio.">
            {fields}
          </Section>
        )}
      />
      <Checkboxes title="Comodidades" name="amenities" options={AMENITIES} checked={initial.amenities} error={errors.amenities} />
      <Checkboxes title="Itens de segurança" name="safetyItems" options={SAFETY_ITEMS} checked={initial.safetyItems} error={errors.safetyItems} />
      <HouseRulesFields
        initial={initial}
        petsAllowed={initial.attributes.features.includes(PETS_FEATURE)}
        errors={errors}
        section={(title, description, fields) => (
          <Section title={title} description={description}>
            {fields}
          </Section>
        )}
      />

      <Section title="Contato">
        <TextField
          label="WhatsApp (com código do país)"
          name="whatsappContact"
          data-field="whatsappContact"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+55 11 98765-4321"
          defaultValue={initial.whatsappContact}
          hint="Os hóspedes falam com você por este número. Sem o código do país, consideramos um número do Brasil (+55)."
          required
          error={errors.whatsappContact}
        />
      </Section>

      {needsReview ? (
        <p role="status" className="rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
          Estas alterações mudam o que os hóspedes veem: ao salvar, a propriedade volta para análise e sai das buscas até ser aprovada de novo.
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:justify-end dark:border-stone-700">
        <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg border border-stone-300 px-5 py-3 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800">
          Cancelar
        </Link>
        {/* Held while photos are still being sent: saving then would leave them out. */}
        <button type="submit" disabled={saving || uploading} className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {uploading ? "Enviando fotos..." : mode === "create" ? (saving ? "Cadastrando..." : "Cadastrar Propriedade") : saving ? "Atualizando..." : "Salvar Alterações"}
        </button>
      </div>
    </Form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-lg font-semibold">{title}</legend>
      {description ? <p className="text-sm text-stone-600 dark:text-stone-300">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/**
 * Spec: a Brazilian-currency field, shown as 0,00 and cleared on focus while zero. What is typed
 * stays as typed: whole reais unless a comma brings the centavos ("520" is R$ 520,00), written out
 * in full when the host leaves the field. A price far below what the type usually costs asks for a
 * confirmation beside it, which the server requires too.
 */
function PriceField({ initialCents, propertyType, error }: { initialCents: number; propertyType: string; error?: string }) {
  const [value, setValue] = useState(formatCents(initialCents));
  // The price as the host left the field: the warning speaks of it, not of each keystroke on the way to "520".
  const [left, setLeft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(() => input.current, value, (typed) => {
    setValue(typed);
    setLeft(typed);
  });
  const cents = parseBRL(value);
  // Refused for want of the confirmation (a price sent without leaving the field, or by the server): that price is the one to confirm.
  const refusedLow = error !== undefined && cents !== null && error === lowPriceWarning(cents, propertyType);
  const lowCents = refusedLow ? cents : parseBRL(left);
  const warning = lowCents === null ? null : lowPriceWarning(lowCents, propertyType);
  const describedBy = error ? "price-error" : warning ? "price-warning" : "price-hint";
  return (
    <div>
      <label htmlFor="price" className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        Preço por noite (R$)
      </label>
      <div className="relative">
        <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-600 dark:text-stone-300">
          R$
        </span>
        <input
          ref={input}
          id="price"
          name="price"
          data-field="priceCents"
          inputMode="decimal"
          autoComplete="off"
          className={`${inputClass} pl-10`}
          value={value}
          onFocus={() => value === "0,00" && setValue("")}
          onBlur={() => {
            const tidy = value.trim() === "" ? "0,00" : tidyPrice(value);
            setValue(tidy);
            setLeft(tidy);
          }}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <p id="price-hint" className="mt-1 text-xs text-stone-600 dark:text-stone-400">
        Em reais: 520 ou 520,50 (centavos depois da vírgula).
      </p>
      {error ? <FieldError id="price-error">{error}</FieldError> : null}
      {warning !== null && lowCents !== null ? (
        <div className="mt-2 space-y-2">
          {refusedLow ? null : (
            <p id="price-warning" role="status" className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
              {warning}
            </p>
          )}
          <label className="flex items-start gap-3 text-sm">
            <input key={lowCents} type="checkbox" name={LOW_PRICE_CONFIRMATION} value={String(lowCents)} className="mt-0.5 size-4 shrink-0 accent-brand-700" />
            <span>{lowPriceConfirmation(lowCents)}</span>
          </label>
        </div>
      ) : null}
    </div>
  );
}

/** "1 quarto", "2 quartos", …: one option for each count. */
function countOptions(counts: readonly number[], one: string, many: string) {
  return counts.map((n) => (
    <option key={n} value={n}>
      {n === 1 ? `1 ${one}` : `${n} ${many}`}
    </option>
  ));
}

function Checkboxes({ title, name, options, checked, error }: { title: string; name: string; options: readonly string[]; checked: readonly string[]; error?: string }) {
  const choices = options.map((option) => ({ value: option, label: option }));
  return <ChoiceGroup legend={title} legendClassName="mb-1 text-lg font-semibold" name={name} type="checkbox" options={choices} checked={checked} error={error} />;
}
