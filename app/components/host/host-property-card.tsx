import { Icon } from "~/components/ui/icons";
import { AlertDialog, Switch } from "radix-ui";
import { useEffect, useId } from "react";
import { Link, useFetcher } from "react-router";
import { notify } from "~/components/ui/toasts";
import type { HostPropertyCardData, PropertyStatus } from "@common/property-card";
import type { Refused } from "@common/refusal";
import { PropertyImage } from "~/components/property/property-image";
import { listingPath } from "~/lib/listing-path";

type ActionResult = { ok: true; message: string } | Refused;

const STATUS: Record<PropertyStatus, { label: string; className: string }> = {
  pending: { label: "Em análise", className: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50" },
  approved: { label: "Publicada", className: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-50" },
  rejected: { label: "Recusada", className: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50" },
  reported: { label: "Oculta após denúncias", className: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50" },
};

const AMENITIES_SHOWN = 3;
const iconLink = "inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800";

/** Shows the outcome of a card's action (toggle or delete) as the spec's toast, once per answer. */
function useResultToast(data: ActionResult | undefined) {
  useEffect(() => {
    if (!data) return;
    if (data.ok) notify.success(data.message);
    else notify.error(data.title, data.description ? { description: data.description } : undefined);
  }, [data]);
}

/** One of the host's listings: moderation status, active switch, edit, delete after confirming. */
export function HostPropertyCard({ property }: { property: HostPropertyCardData }) {
  const toggle = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
  useResultToast(toggle.data);
  useResultToast(remove.data);
  const switchId = useId();
  // Optimistic: the switch shows what was asked until the server answers.
  const active = toggle.formData ? toggle.formData.get("active") === "true" : property.isActive;
  const status = STATUS[property.status];
  const extraAmenities = property.amenities.length - AMENITIES_SHOWN;
  const extraPhotos = property.imageCount - 1;
  const deleting = remove.state !== "idle";

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900" aria-busy={deleting || undefined}>
      <div className="relative aspect-[3/2]">
        <PropertyImage image={property.cover} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" alt="" className="size-full" />
        <span className={`absolute left-3 top-3 rounded-full px-2.5 py-1 text-xs font-semibold ${status.className}`}>{status.label}</span>
        {extraPhotos > 0 ? (
          <span className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white">
            <Icon name="camera" aria-hidden className="size-3.5" />
            {`+${extraPhotos} ${extraPhotos === 1 ? "foto" : "fotos"}`}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-semibold leading-snug">
          {property.status === "approved" && property.isActive ? (
            <Link to={`/accommodation/${property.slug}`} className="hover:underline">
              {property.title}
            </Link>
          ) : (
            property.title
          )}
        </h2>
        <p className="flex items-center gap-1 text-sm text-stone-600 dark:text-stone-400">
          <Icon name="map-pin" aria-hidden className="size-4 shrink-0" />
          {`${property.location} · ${property.propertyType}`}
        </p>
        <p>
          <span className="font-semibold">{property.price}</span> <span className="text-sm text-stone-600 dark:text-stone-400">/ noite</span>
        </p>
        {property.status === "rejected" && property.rejectionReason ? (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-100">{`Motivo: ${property.rejectionReason}`}</p>
        ) : null}
        {property.status === "reported" ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
            Várias pessoas denunciaram este anúncio, por isso ele saiu das buscas enquanto nossa equipe analisa. Avisaremos você por email.
          </p>
        ) : null}
        {property.status === "pending" ? (
          <>
            <p className="text-sm text-stone-600 dark:text-stone-400">Aparece nas buscas depois de aprovada pela nossa equipe.</p>
            {/* Only its host and operators see the page before approval. */}
            <Link
              to={listingPath(property.slug, "/minhas-propriedades")}
              className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
            >
              <Icon name="eye" aria-hidden className="size-4" />
              Ver pré-visualização
              <span className="sr-only">{` de ${property.title}`}</span>
            </Link>
          </>
        ) : null}
        {property.amenities.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Comodidades">
            {property.amenities.slice(0, AMENITIES_SHOWN).map((amenity) => (
              <li key={amenity} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-200">
                {amenity}
              </li>
            ))}
            {extraAmenities > 0 ? (
              <li className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-200" aria-label={`e mais ${extraAmenities}`}>
                {`+${extraAmenities}`}
              </li>
            ) : null}
          </ul>
        ) : null}

        <div className="mt-auto flex items-center justify-between gap-3 border-t border-stone-200 pt-3 dark:border-stone-800">
          <div className="flex items-center gap-2">
            <Switch.Root
              id={switchId}
              checked={active}
              onCheckedChange={(checked) => toggle.submit({ intent: "toggle", id: property.id, active: String(checked) }, { method: "post", action: "/api/propriedades" })}
              className="relative h-6 w-11 shrink-0 rounded-full bg-stone-300 transition data-[state=checked]:bg-brand-700 dark:bg-stone-600"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
            </Switch.Root>
            <label htmlFor={switchId} className="text-sm">
              {active ? "Ativa" : "Inativa"}
              <span className="sr-only">{` – ${property.title}`}</span>
            </label>
          </div>
          <div className="flex items-center gap-1">
            <Link to={`/minhas-propriedades/contatos?anuncio=${property.id}`} className={iconLink} aria-label={`Contatos recebidos de ${property.title}`}>
              <Icon name="message-circle" aria-hidden className="size-4" />
            </Link>
            <Link
              to={`/minhas-propriedades/${property.id}/calendario`}
              className={iconLink}
              aria-label={`Calendário de ${property.title}`}
            >
              <Icon name="calendar-days" aria-hidden className="size-4" />
            </Link>
            <Link
              to={`/editar-propriedade/${property.id}`}
              className={iconLink}
              aria-label={`Editar ${property.title}`}
            >
              <Icon name="pencil" aria-hidden className="size-4" />
            </Link>
            <DeleteButton title={property.title} disabled={deleting} onConfirm={() => remove.submit({ intent: "delete", id: property.id }, { method: "post", action: "/api/propriedades" })} />
          </div>
        </div>
      </div>
    </article>
  );
}

function DeleteButton({ title, disabled, onConfirm }: { title: string; disabled: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger
        disabled={disabled}
        aria-label={`Excluir ${title}`}
        className="inline-flex size-10 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950"
      >
        <Icon name="trash" aria-hidden className="size-4" />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl dark:bg-stone-900">
          <AlertDialog.Title className="text-lg font-semibold">Excluir propriedade?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {`"${title}" e todas as suas fotos serão apagadas de vez. Esta ação não pode ser desfeita.`}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-lg border border-stone-300 px-4 py-2 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800">Cancelar</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
              Excluir
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
