import { Form, Link } from "react-router";
import type { Route } from "./+types/avaliar";
import { formatNight } from "@common/nights";
import { refused } from "@common/refusal";
import { checkReview, RATING_WORDS, REVIEW_MESSAGES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, SUB_RATING_KEYS, SUB_RATINGS } from "@common/reviews";
import { requireUser } from "@server/accounts/guards";
import { leaveFootprint } from "@server/trust/footprints";
import { editableUntil, editReview, reviewableStay, reviewOfStay, submitReview } from "@server/trust/reviews";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { primaryButton } from "~/components/ui/button-class";
import { FieldError } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icons";
import { inputClass } from "~/components/ui/input-class";
import { guardPage } from "~/lib/auth.server";
import { readForm, sentFields, typedFields } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Avaliar a hospedagem | Recanto" }, { name: "robots", content: "noindex" }];

const FIELDS = ["rating", ...SUB_RATING_KEYS, "text"] as const;

/**
 * /avaliar/{hospedagem}: the guest's review of a confirmed stay (the invitation email's link), or
 * its edit within REVIEW_EDIT_HOURS. Anyone else, or out of its window, reads why not.
 */
async function formFor(context: Route.LoaderArgs["context"], viewerId: string, stayId: string) {
  const db = context.services.database.db;
  const now = context.services.clock.now();
  const existing = await reviewOfStay(db, viewerId, stayId);
  if (existing) {
    if (now > editableUntil(existing.createdAt) || existing.status === "hidden") return { ok: false as const, message: REVIEW_MESSAGES.editClosed, listingPath: `/accommodation/${existing.listingSlug}` };
    return { ok: true as const, editing: existing.id, title: existing.listingTitle, stayedUntil: formatNight(existing.stayedUntil), listingPath: `/accommodation/${existing.listingSlug}`, values: existing };
  }
  const stay = await reviewableStay(db, viewerId, stayId, now);
  if (!stay.ok) return { ok: false as const, message: stay.title, listingPath: null };
  return { ok: true as const, editing: null, title: stay.value.listingTitle, stayedUntil: formatNight(stay.value.checkOut), listingPath: `/accommodation/${stay.value.listingSlug}`, values: null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireUser);
  return formFor(context, viewer.id, params.hospedagem);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireUser);
  const { services } = context;
  const fields = await readForm(request);
  const typed = sentFields(fields, FIELDS);
  const checked = checkReview(fields);
  if (!checked.ok) return refusalData(refused(400, checked.message, { field: checked.field }), typed);
  const form = await formFor(context, viewer.id, params.hospedagem);
  if (!form.ok) return refusalData(refused(409, form.message), typed);
  const now = services.clock.now();
  const db = services.database.db;
  const saved = form.editing ? await editReview(db, viewer.id, form.editing, checked.data, now) : await submitReview(db, viewer.id, params.hospedagem, checked.data, now);
  if (!saved.ok) return refusalData(saved, typed);
  await leaveFootprint(db, services.config.authSecret, viewer.id, { ip: context.clientIp, userAgent: request.headers.get("User-Agent") ?? "" }, now);
  const held = "held" in saved.value && saved.value.held;
  return redirectWithToast(held ? "/perfil#meus-contatos" : `${form.listingPath}#avaliacoes`, {
    title: form.editing ? "Avaliação atualizada" : held ? "Avaliação recebida" : "Avaliação publicada. Obrigado!",
    ...(held ? { description: REVIEW_MESSAGES.held } : {}),
    variant: "success",
  });
}

export default function Avaliar({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <PageMessage
        icon={<Icon name="info" aria-hidden className="size-12" />}
        title="Não é possível avaliar"
        actions={
          <Link to={loaderData.listingPath ?? "/perfil#meus-contatos"} className={linkButton}>
            {loaderData.listingPath ? "Ver o anúncio" : "Meus contatos"}
          </Link>
        }
      >
        <p>{loaderData.message}</p>
      </PageMessage>
    );
  }
  const { title, stayedUntil, editing, values } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const typed = typedFields(actionData);
  const initial = (name: (typeof FIELDS)[number]) => typed[name] ?? (values ? String(values[name]) : "");
  const errorOf = (name: string) => (refusal?.field === name ? refusal.title : undefined);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{editing ? "Editar avaliação" : "Avaliar a hospedagem"}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{`${title} · saída em ${stayedUntil}`}</p>
      {refusal && !refusal.field ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
          {refusal.title}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-6" noValidate>
        <StarChoice name="rating" legend="Nota geral" large initial={initial("rating")} error={errorOf("rating")} />
        <div className="grid gap-5 sm:grid-cols-2">
          {SUB_RATING_KEYS.map((key) => (
            <StarChoice key={key} name={key} legend={SUB_RATINGS[key]} initial={initial(key)} error={errorOf(key)} />
          ))}
        </div>
        <div>
          <label htmlFor="texto" className="mb-1.5 block font-medium">
            Conte como foi
          </label>
          <textarea
            id="texto"
            name="text"
            rows={6}
            maxLength={REVIEW_TEXT_MAX}
            defaultValue={initial("text")}
            aria-invalid={errorOf("text") ? true : undefined}
            aria-describedby={`texto-dica${errorOf("text") ? " texto-erro" : ""}`}
            className={inputClass}
          />
          <p id="texto-dica" className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {`De ${REVIEW_TEXT_MIN} a ${REVIEW_TEXT_MAX.toLocaleString("pt-BR")} caracteres. Sua avaliação aparece no anúncio com seu primeiro nome e o mês da hospedagem.`}
          </p>
          {errorOf("text") ? <FieldError id="texto-erro">{errorOf("text")}</FieldError> : null}
        </div>
        <button type="submit" className={`${primaryButton} sm:w-auto`}>
          {editing ? "Salvar avaliação" : "Publicar avaliação"}
        </button>
        {!editing ? <p className="text-sm text-stone-600 dark:text-stone-400">Depois de enviar, você pode editar a avaliação por 48 horas.</p> : null}
      </Form>
    </div>
  );
}

/** One rating, 1 to 5, as five radio buttons (a fieldset read with its legend; works without JavaScript). */
function StarChoice({ name, legend, initial, error, large = false }: { name: string; legend: string; initial: string; error: string | undefined; large?: boolean }) {
  const errorId = `${name}-erro`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={`mb-2 font-medium ${large ? "text-lg" : ""}`}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-1 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 dark:border-stone-600 dark:has-[:focus-visible]:outline-brand-300"
          >
            <input type="radio" name={name} value={value} defaultChecked={initial === String(value)} className="sr-only" />
            <Icon name="star" aria-hidden className="size-4" />
            <span>
              {value}
              <span className="sr-only">{` ${value === 1 ? "estrela" : "estrelas"}, ${RATING_WORDS[value]}`}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
