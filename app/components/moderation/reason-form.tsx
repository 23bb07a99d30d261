import { Icon } from "~/components/ui/icons";
import { useId, useState } from "react";
import { Form } from "react-router";
import { REASON_MAX, REASON_MIN, reasonError } from "@common/moderation";
import { FieldError } from "~/components/ui/field-error";
import { inputClass } from "~/components/ui/input-class";

const secondaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg border border-red-700 px-4 py-3 font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950/50";

export type ReasonIntent = "reject" | "unpublish" | "refuse-identity" | "hide";

const LISTING_HINT = "O anfitrião recebe este texto por email, com um link para editar a propriedade.";
const TEXTS: Record<ReasonIntent, { label: string; submitLabel: string; busyLabel: string; hint: string }> = {
  reject: { label: "Motivo da recusa", submitLabel: "Recusar", busyLabel: "Recusando...", hint: LISTING_HINT },
  unpublish: { label: "Motivo para despublicar", submitLabel: "Despublicar", busyLabel: "Despublicando...", hint: LISTING_HINT },
  "refuse-identity": { label: "Motivo da recusa", submitLabel: "Recusar verificação", busyLabel: "Recusando...", hint: "O anfitrião recebe este texto por email e pode enviar um novo pedido." },
  hide: { label: "Motivo para ocultar", submitLabel: "Ocultar avaliação", busyLabel: "Ocultando...", hint: "Quem escreveu a avaliação e o anfitrião recebem este texto por email." },
};

/** A required reason (checked here in Portuguese before sending, and again on the server) and its button. */
export function ReasonForm(props: {
  intent: ReasonIntent;
  /** The version of a listing the operator is looking at (see moderate()). */
  reviewedAt?: string;
  busy: boolean;
  submitting: boolean;
  serverError?: string;
  /**
   * For "reject" and "unpublish" on a listing's page: the box that flags the listing as fraud, its
   * photos then refused at upload (the action reads `fraud`; see moderate()).
   */
  fraudBox?: boolean;
}) {
  const id = useId();
  const texts = TEXTS[props.intent];
  // The server's message (a post sent before the script loaded) arrives as a new key, so this starts from it.
  const [error, setError] = useState<string | undefined>(props.serverError);
  const [length, setLength] = useState(0);
  const describedBy = [`${id}-dica`, error ? `${id}-erro` : null].filter(Boolean).join(" ");

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const field = event.currentTarget.elements.namedItem("reason") as HTMLTextAreaElement;
    const problem = reasonError(field.value);
    setError(problem ?? undefined);
    if (problem) {
      event.preventDefault();
      field.focus();
    }
  }

  return (
    <Form method="post" noValidate onSubmit={onSubmit}>
      {props.reviewedAt ? <input type="hidden" name="reviewedAt" value={props.reviewedAt} /> : null}
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {texts.label}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={4}
        required
        maxLength={REASON_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          setLength(Array.from(e.target.value.trim()).length);
          if (error) setError(reasonError(e.target.value) ?? undefined);
        }}
        className={`${inputClass} min-h-28 resize-y`}
      />
      <p id={`${id}-dica`} className="mt-1 flex justify-between gap-3 text-xs text-stone-600 dark:text-stone-400">
        <span>{`${texts.hint} Mínimo de ${REASON_MIN} caracteres.`}</span>
        <span aria-hidden className="shrink-0 tabular-nums">
          {length}/{REASON_MAX}
        </span>
      </p>
      {error ? <FieldError id={`${id}-erro`}>{error}</FieldError> : null}
      {props.fraudBox && (props.intent === "reject" || props.intent === "unpublish") ? (
        // Stolen photos (issue 44): the listing's photos are refused at upload from then on.
        <label className="mt-3 flex items-start gap-2 text-sm text-stone-800 dark:text-stone-200">
          <input type="checkbox" name="fraud" value="on" className="mt-0.5 size-4 shrink-0 accent-red-700" />
          <span>Golpe ou fotos de outro lugar: as fotos não poderão ser enviadas de novo</span>
        </label>
      ) : null}
      <button type="submit" name="intent" value={props.intent} disabled={props.busy} className={`${secondaryButton} mt-3`}>
        <Icon name="x" aria-hidden className="size-5" />
        {props.submitting ? texts.busyLabel : texts.submitLabel}
      </button>
    </Form>
  );
}
