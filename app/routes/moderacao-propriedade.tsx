import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/moderacao-propriedade";
import { findCategory } from "@common/catalog";
import { refused } from "@common/refusal";
import { formatPhone } from "@common/phone";
import { findForModeration, moderate, type Decision } from "@server/moderation/moderation";
import { similarPhotos } from "@server/media/photo-fingerprints";
import { ModerationErrorBoundary, StatusBadge } from "~/components/moderation/moderation-messages";
import { ModerationPhotos } from "~/components/moderation/moderation-photos";
import { PhotoMatches } from "~/components/moderation/photo-matches";
import { ReviewPanel } from "~/components/moderation/review-panel";
import { BackLink, PropertyDetailLayout } from "~/components/property/detail/property-detail-layout";
import { PropertyBody } from "~/components/property/detail/property-body";
import { requireOperator } from "@server/accounts/guards";
import { guardPage } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const { db } = context.services.database;
  const found = await findForModeration(db, params.id);
  if (!found) throw data(null, { status: 404 });
  const { hostId, whatsappContact, ...property } = found;
  return {
    property: { ...property, whatsapp: formatPhone(whatsappContact) },
    // Stolen photos (issue 44): this listing's photos close to other hosts' photos.
    photoMatches: await similarPhotos(db, { hostId, images: property.images }),
    categorySlug: findCategory(property.propertyType)?.slug ?? null,
    ownProperty: hostId === viewer.id,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Moderação: ${loaderData.property.title} | Recanto` : "Página não encontrada | Recanto" },
  { name: "robots", content: "noindex" },
];

const EMAIL_FAILED = "Não foi possível enviar o email ao anfitrião: avise-o por outro meio.";

/** What a decision for fraud did to the listing's photos. */
function fraudSentence({ flagged, unhashed }: { flagged: number; unhashed: number }): string {
  const blocked = flagged === 0 ? "" : flagged === 1 ? "1 foto não poderá ser enviada de novo." : `${flagged} fotos não poderão ser enviadas de novo.`;
  const left = unhashed === 0 ? "" : unhashed === 1 ? "1 foto não pôde ser analisada e não foi bloqueada." : `${unhashed} fotos não puderam ser analisadas e não foram bloqueadas.`;
  return [blocked, left].filter(Boolean).join(" ");
}

function decisionFrom(fields: Record<string, string>): Decision | null {
  switch (fields.intent) {
    case "approve":
      return { kind: "approve" };
    case "reject":
      return { kind: "reject", reason: fields.reason ?? "", fraud: fields.fraud === "on" };
    case "unpublish":
      return { kind: "unpublish", reason: fields.reason ?? "", fraud: fields.fraud === "on" };
    default:
      return null;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const fields = await readForm(request);
  const decision = decisionFrom(fields);
  if (!decision) return refusalData(refused(400, "Ação inválida."));
  const result = await moderate(context.services, viewer.id, params.id, decision, { reviewedAt: fields.reviewedAt || undefined });
  if (!result.ok) return refusalData(result);

  const { property, emailed, fraud } = result.value;
  let toast: Toast;
  if (decision.kind === "approve") {
    toast = {
      variant: "success",
      title: "Propriedade aprovada",
      description: property.isActive
        ? "Ela já aparece nas buscas. Avisamos o anfitrião por email."
        : "Ela aparecerá nas buscas quando o anfitrião ativá-la. Avisamos o anfitrião por email.",
    };
  } else {
    toast = {
      variant: "success",
      title: decision.kind === "reject" ? "Propriedade recusada" : "Propriedade despublicada",
      description: "Enviamos o motivo ao anfitrião por email.",
    };
  }
  const photos = fraud ? fraudSentence(fraud) : "";
  if (!emailed) toast = { ...toast, variant: "info", description: EMAIL_FAILED };
  if (photos) toast = { ...toast, description: `${toast.description} ${photos}` };
  // A decision from the queue goes back to it; taking a published listing down stays on its page.
  return redirectWithToast(decision.kind === "unpublish" ? `/moderacao/${property.id}` : "/moderacao", toast);
}

/** After a 409 (moderated by someone else, or edited by the host) the page reloads too, to show what is there now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function ModeracaoPropriedade({ loaderData, actionData }: Route.ComponentProps) {
  const { property, categorySlug, ownProperty, photoMatches } = loaderData;
  return (
    <PropertyDetailLayout
      topBar={
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <BackLink to="/moderacao">Voltar à fila</BackLink>
          <StatusBadge status={property.status} />
        </div>
      }
      notice={
        <p className="mb-5 rounded-xl border border-dashed border-stone-400 bg-stone-50 px-4 py-3 text-sm text-stone-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-300">
          Pré-visualização para a equipe: é assim que os hóspedes verão esta propriedade quando ela estiver aprovada e ativa.
          {/* Phones show every photo first: a shortcut to the decision. */}{" "}
          <a href="#analise" className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 md:hidden dark:text-brand-300">
            Ir para a análise
          </a>
        </p>
      }
      property={property}
      categorySlug={categorySlug}
      body={<PropertyBody property={property} />}
      photos={
        <>
          <ModerationPhotos images={property.images} title={property.title} />
          {property.images.length > 0 ? <PhotoMatches matches={photoMatches.matches} unanalysed={photoMatches.unanalysed} /> : null}
        </>
      }
      aside={<ReviewPanel property={property} ownProperty={ownProperty} result={actionData} />}
      // Last on phones: read first, then decide.
      asideOnPhones="last"
      tallAside
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
