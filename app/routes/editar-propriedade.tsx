import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";
import type { Route } from "./+types/editar-propriedade";
import { attributesFromTags } from "@common/stay-attributes";
import { houseRulesOf } from "@common/house-rules";
import { roundPin } from "@common/map";
import { imageUrl } from "@common/media";
import { formatInternationalPhone } from "@common/phone";
import { requireHost } from "@server/accounts/guards";
import { UploadClaimError } from "@server/media/uploads";
import { findHostProperty, updateHostProperty } from "@server/properties/manage";
import { FormErrorToast } from "~/components/host/form/form-error-toast";
import { PropertyForm } from "~/components/host/form/property-form";
import { guardAction, guardPage } from "~/lib/auth.server";
import { formFailure, hostGuardTexts, readPropertyForm } from "~/lib/property-form.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Editar ${data?.property.title ?? "Propriedade"} | Recanto` }];

const notFound = () =>
  redirectWithToast("/minhas-propriedades", {
    title: "Erro ao carregar propriedade",
    description: "Esta propriedade não existe ou não pertence à sua conta.",
    variant: "error",
  });

/** Only the owner loads the form; anyone else's id (or an unknown one) ends on their own list with the spec's error. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireHost);
  const property = await findHostProperty(context.services.database.db, viewer.id, params.id);
  if (!property) throw await notFound();
  return {
    property: {
      title: property.title,
      description: property.description,
      propertyType: property.propertyType,
      location: property.location,
      priceCents: property.priceCents,
      maxGuests: property.maxGuests,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      amenities: property.amenities,
      safetyItems: property.safetyItems,
      attributes: attributesFromTags(property.features),
      ...houseRulesOf(property),
      whatsappContact: formatInternationalPhone(property.whatsappContact),
      images: property.images.map((image) => ({ id: image.id, url: imageUrl(image.storageKey, 400) })),
      // The owner's own pin: shown to them only, on this form. Rounded as the map posts it: listings seeded with more decimals than the form accepts still save as they are.
      pin: property.latitude !== null && property.longitude !== null ? roundPin({ lat: property.latitude, lng: property.longitude }) : null,
      showExactLocation: property.showExactLocation,
    },
    status: property.status,
    rejectionReason: property.rejectionReason,
  };
}

const missingProperty = { status: 404, title: "Erro ao atualizar", description: "Esta propriedade não existe ou não pertence à sua conta." };

export async function action({ request, params, context }: Route.ActionArgs) {
  const host = await guardAction(context, (viewer) => requireHost(viewer, hostGuardTexts("Você precisa estar logado para editar uma propriedade.")));
  if (!host.ok) return formFailure(host);
  const { database, storage, logger } = context.services;
  const stored = await findHostProperty(database.db, host.value.id, params.id);
  if (!stored) return formFailure(missingProperty);
  const input = await readPropertyForm(request, stored.location);
  if (!input.ok) return input.response;
  let saved;
  try {
    saved = await updateHostProperty(database.db, storage, host.value.id, params.id, input.value);
  } catch (err) {
    if (err instanceof UploadClaimError) return formFailure({ status: 422, errors: { imageIds: err.message } });
    logger.error({ err }, "property update failed");
    return formFailure({ status: 500, title: "Erro ao atualizar propriedade", description: "Tente novamente mais tarde." });
  }
  if (!saved) return formFailure(missingProperty);
  return redirectWithToast("/minhas-propriedades", {
    title: "Propriedade atualizada",
    ...(saved.backToReview && { description: "As alterações foram enviadas para análise. A propriedade volta às buscas quando for aprovada." }),
    variant: "success",
  });
}

export default function EditarPropriedade({ loaderData, actionData }: Route.ComponentProps) {
  const { property, status, rejectionReason } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/minhas-propriedades" className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline dark:text-brand-300">
        <Icon name="arrow-left" aria-hidden className="size-4" />
        Voltar para Minhas Propriedades
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Editar Propriedade</h1>
      {status === "rejected" ? (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
          <strong>Recusada na análise:</strong> {rejectionReason ?? "sem motivo informado"}. Ajuste o anúncio e salve para enviá-lo de novo.
        </p>
      ) : null}
      {status === "approved" ? (
        <p className="mt-4 text-sm text-stone-600 dark:text-stone-300">
          Esta propriedade está publicada. Mudar o título, a descrição, o tipo, a localização, as outras regras da casa, os detalhes da política de cancelamento ou adicionar fotos envia o anúncio para uma nova análise.
        </p>
      ) : null}
      <FormErrorToast refusal={actionData?.refusal} />
      <div className="mt-8">
        <PropertyForm mode="edit" initial={property} cancelTo="/minhas-propriedades" serverErrors={actionData?.errors} approved={status === "approved"} />
      </div>
    </div>
  );
}
