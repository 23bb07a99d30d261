import { Form, Link } from "react-router";
import { REPLY_TEXT_MAX, RESPONSE_ANSWERS, RESPONSE_LABELS, type StaySide } from "@common/reviews";
import { Icon } from "~/components/ui/icons";
import { inputClass } from "~/components/ui/input-class";
import type { ContactView } from "~/lib/contact-view.server";
import { Stars } from "./stars";
import { HostReply } from "./host-reply";

const smallButton = "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold";
export const solidButton = `${smallButton} bg-brand-700 text-white hover:bg-brand-800`;
export const quietButton = `${smallButton} border border-stone-300 text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:text-stone-100 dark:hover:bg-stone-800`;

export interface CardRefusal {
  title: string;
  field?: string;
}

/**
 * One contact on "Contatos recebidos" (the host's) or "Meus contatos" (the guest's): who, which
 * listing, when, the stay chosen, and what each side can do with the stay and its review. Plain
 * forms: everything works before the page's scripts run.
 */
export function ContactCard({ contact, side, refusal }: { contact: ContactView; side: StaySide; refusal: CardRefusal | null }) {
  const other = side === "host" ? "o hóspede" : "o anfitrião";
  const headingId = `contato-${contact.id}`;
  const alertId = `contato-${contact.id}-erro`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-stone-200 p-5 dark:border-stone-800">
      <h3 id={headingId} className="text-lg font-semibold">
        {contact.person}
      </h3>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        <Link to={contact.listingPath} className="font-medium underline underline-offset-2">
          {contact.listingTitle}
        </Link>
        {` · contato em ${contact.contactedOn}`}
      </p>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{contact.chosen ? `Escolha no anúncio: ${contact.chosen}` : "Sem datas escolhidas no anúncio"}</p>
      {refusal ? (
        <p id={alertId} role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
          {refusal.title}
        </p>
      ) : null}
      <div className="mt-4">
        {contact.stay ? <StayState stay={contact.stay} side={side} other={other} contactId={contact.id} /> : <StateStayForm contact={contact} side={side} fieldError={refusal?.field} alertId={alertId} />}
      </div>
      {contact.reviewLink ? (
        <Link to={contact.reviewLink.path} className={`${solidButton} mt-4`}>
          <Icon name="star" aria-hidden className="size-4" /> {contact.reviewLink.label}
        </Link>
      ) : null}
      {contact.review ? <ReviewOfStay review={contact.review} side={side} contactId={contact.id} fieldError={refusal?.field} alertId={alertId} /> : null}
    </article>
  );
}

function StayState({ stay, side, other, contactId }: { stay: NonNullable<ContactView["stay"]>; side: StaySide; other: string; contactId: string }) {
  const text =
    stay.state === "confirmed"
      ? `Hospedagem confirmada: ${stay.dates}.`
      : stay.state === "mine"
        ? `Você informou a hospedagem de ${stay.dates}. Falta ${other} confirmar.`
        : `${side === "host" ? "O hóspede disse que se hospedou" : "O anfitrião informou a hospedagem"} de ${stay.dates}. Confirme se está certo.`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="flex items-center gap-1.5 text-sm font-medium">
        <Icon name={stay.state === "confirmed" ? "shield-check" : "info"} aria-hidden className="size-4 shrink-0" />
        {text}
      </p>
      {stay.state === "theirs" ? (
        <Form method="post">
          <input type="hidden" name="hospedagem" value={stay.id} />
          <input type="hidden" name="contato" value={contactId} />
          <button type="submit" name="intent" value="confirmar-hospedagem" className={solidButton}>
            Confirmar hospedagem
          </button>
        </Form>
      ) : null}
      {stay.canWithdraw ? (
        <Form method="post">
          <input type="hidden" name="hospedagem" value={stay.id} />
          <input type="hidden" name="contato" value={contactId} />
          <button type="submit" name="intent" value="retirar-hospedagem" className={quietButton}>
            {stay.state === "theirs" ? "Não confirmo" : "Retirar"}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function StateStayForm({ contact, side, fieldError, alertId }: { contact: ContactView; side: StaySide; fieldError: string | undefined; alertId: string }) {
  const id = `hospedagem-${contact.id}`;
  const invalid = (field: string) => (fieldError === field ? { "aria-invalid": true as const, "aria-describedby": alertId } : {});
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={side === "host" ? "Hospedagem confirmada" : "Eu me hospedei aqui"}>
      <input type="hidden" name="contato" value={contact.id} />
      <div>
        <label htmlFor={`${id}-entrada`} className="mb-1 block text-sm font-medium">
          Entrada
        </label>
        <input id={`${id}-entrada`} type="date" name="checkin" required defaultValue={contact.prefill.checkin} {...invalid("checkin")} className={`${inputClass} w-auto`} />
      </div>
      <div>
        <label htmlFor={`${id}-saida`} className="mb-1 block text-sm font-medium">
          Saída
        </label>
        <input id={`${id}-saida`} type="date" name="checkout" required defaultValue={contact.prefill.checkout} {...invalid("checkout")} className={`${inputClass} w-auto`} />
      </div>
      <button type="submit" name="intent" value="informar-hospedagem" className={solidButton}>
        <Icon name={side === "host" ? "shield-check" : "house"} aria-hidden className="size-4" />
        {side === "host" ? "Hospedagem confirmada" : "Eu me hospedei aqui"}
      </button>
    </Form>
  );
}

function ReviewOfStay({
  review,
  side,
  contactId,
  fieldError,
  alertId,
}: {
  review: NonNullable<ContactView["review"]>;
  side: StaySide;
  contactId: string;
  fieldError: string | undefined;
  alertId: string;
}) {
  const replyId = `resposta-${review.id}`;
  return (
    <section aria-label="Avaliação do hóspede" className="mt-4 rounded-xl bg-stone-50 p-4 dark:bg-stone-900">
      <Stars value={review.rating} />
      {review.status === "held" ? <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">Em revisão pela equipe do Recanto antes de ser publicada.</p> : null}
      {review.status === "hidden" ? <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">Ocultada pela equipe do Recanto.</p> : null}
      <p className="mt-2 whitespace-pre-line text-sm">{review.text}</p>
      {review.reply ? (
        <HostReply text={review.reply} />
      ) : side === "host" && review.status === "published" ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="avaliacao" value={review.id} />
          <input type="hidden" name="contato" value={contactId} />
          <label htmlFor={replyId} className="mb-1 block text-sm font-medium">
            Responder publicamente (uma vez)
          </label>
          <textarea id={replyId} name="reply" rows={3} maxLength={REPLY_TEXT_MAX} required aria-invalid={fieldError === "reply" || undefined} aria-describedby={fieldError === "reply" ? alertId : undefined} className={inputClass} />
          <button type="submit" name="intent" value="responder-avaliacao" className={`${solidButton} mt-2`}>
            Publicar resposta
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** "O anfitrião respondeu?": one tap per contact, on /perfil. */
export function ResponseQuestions({ questions }: { questions: { id: string; listingTitle: string; host: string; contactedOn: string }[] }) {
  if (questions.length === 0) return null;
  return (
    <section id="respondeu" aria-labelledby="respondeu-titulo" className="rounded-2xl border border-brand-300 p-6 dark:border-brand-700">
      <h2 id="respondeu-titulo" className="text-lg font-semibold">
        O anfitrião respondeu?
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">Sua resposta ajuda outros hóspedes a saber quem costuma responder rápido.</p>
      <ul className="mt-4 space-y-4">
        {questions.map((question) => (
          <li key={question.id}>
            <Form method="post" aria-label={`${question.host} respondeu sobre ${question.listingTitle}?`}>
              <input type="hidden" name="intent" value="anfitriao-respondeu" />
              <input type="hidden" name="contato" value={question.id} />
              <p id={`pergunta-${question.id}`} className="text-sm font-medium">{`${question.host}, sobre “${question.listingTitle}” (contato em ${question.contactedOn})`}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {RESPONSE_ANSWERS.map((answer) => (
                  <button key={answer} type="submit" name="resposta" value={answer} aria-describedby={`pergunta-${question.id}`} className={quietButton}>
                    {RESPONSE_LABELS[answer]}
                  </button>
                ))}
              </div>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
