import { Icon } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatBRL, formatDate } from "@common/format";
import type { Refused } from "@common/refusal";
import type { ModerationProperty } from "@server/moderation/moderation";
import { FormAlert } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { StatusBadge } from "./moderation-messages";
import { ReasonForm, type ReasonIntent } from "./reason-form";

/** What the panel shows of a listing: the loader's, with the host's WhatsApp formatted. */
export type ReviewedProperty = Pick<
  ModerationProperty,
  "id" | "slug" | "priceCents" | "status" | "hostName" | "hostEmail" | "createdAt" | "updatedAt" | "isActive" | "rejectionReason"
> & { whatsapp: string };


/**
 * The operator's column of the preview: price, host and dates, then what can be decided now (approve
 * or reject a pending listing, take a published one down with a reason). `result` is the action's
 * refusal, shown as an alert or under the reason.
 */
export function ReviewPanel({ property, ownProperty, result }: { property: ReviewedProperty; ownProperty: boolean; result?: Refused }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const intent = busy ? navigation.formData?.get("intent") : null;
  const alert = result && result.field !== "reason" ? result.title : null;
  const reasonFromServer = result?.field === "reason" ? result.title : undefined;
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alert) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [alert, result]);
  const reasonForm = (kind: ReasonIntent) => (
    <ReasonForm key={reasonFromServer} intent={kind} reviewedAt={property.updatedAt} busy={busy} submitting={intent === kind} serverError={reasonFromServer} fraudBox />
  );

  return (
    <section
      id="analise"
      tabIndex={-1}
      aria-labelledby="analise-titulo"
      className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-5 shadow-lg sm:p-6 dark:border-stone-700 dark:bg-stone-900"
    >
      <h2 id="analise-titulo" className="text-xl font-semibold">
        Análise
      </h2>
      <p className="mt-3">
        <span className="text-2xl font-bold">{formatBRL(property.priceCents)}</span> <span className="text-stone-700 dark:text-stone-300">/ noite</span>
      </p>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-stone-600 dark:text-stone-400">Situação</dt>
        <dd>
          <StatusBadge status={property.status} />
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">Anfitrião</dt>
        <dd className="break-words">
          {property.hostName}
          <br />
          <a href={`mailto:${property.hostEmail}`} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {property.hostEmail}
          </a>
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">WhatsApp</dt>
        <dd>{property.whatsapp || "Não informado"}</dd>
        <dt className="text-stone-600 dark:text-stone-400">Enviada em</dt>
        <dd>
          <time dateTime={property.createdAt}>{formatDate(property.createdAt)}</time>
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">Anúncio</dt>
        <dd>{property.isActive ? "Ativo" : "Desativado pelo anfitrião"}</dd>
      </dl>

      <div ref={alertRef} className="mt-5 empty:hidden">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
      </div>

      {property.rejectionReason ? (
        <div className="mt-5 rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm dark:border-stone-700 dark:bg-stone-950">
          <p className="font-semibold">{property.status === "rejected" ? "Motivo da recusa" : "Motivo da recusa anterior"}</p>
          <p className="mt-1 whitespace-pre-line text-stone-700 dark:text-stone-300">{property.rejectionReason}</p>
        </div>
      ) : null}

      <div className="mt-6">
        {ownProperty ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">Esta propriedade é sua: outra pessoa da equipe precisa analisá-la.</p>
        ) : property.status === "pending" ? (
          <div className="space-y-6">
            <Form method="post">
              <input type="hidden" name="reviewedAt" value={property.updatedAt} />
              <button type="submit" name="intent" value="approve" disabled={busy} className={`${primaryButton} gap-2`}>
                <Icon name="check" aria-hidden className="size-5" />
                {intent === "approve" ? "Aprovando..." : "Aprovar"}
              </button>
              <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
                {property.isActive ? "Aparece nas buscas assim que for aprovada." : "Aparecerá nas buscas quando o anfitrião ativá-la."}
              </p>
            </Form>
            <div className="border-t border-stone-200 pt-6 dark:border-stone-700">
              {reasonForm("reject")}
            </div>
          </div>
        ) : property.status === "approved" || property.status === "reported" ? (
          <div className="space-y-4">
            {property.status === "reported" ? (
              <p className="text-sm text-stone-700 dark:text-stone-300">
                Oculta das buscas após denúncias.{" "}
                <Link to={`/moderacao/denuncias/anuncio/${property.id}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                  Ver as denúncias
                </Link>
              </p>
            ) : null}
            {property.isActive ? (
              <Link
                to={`/accommodation/${property.slug}`}
                className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                <Icon name="external-link" aria-hidden className="size-4" />
                Ver página pública
              </Link>
            ) : null}
            <details open={!!reasonFromServer} className="group rounded-lg border border-stone-200 dark:border-stone-700">
              <summary className="cursor-pointer rounded-lg px-4 py-3 font-semibold">Despublicar esta propriedade</summary>
              <div className="px-4 pb-4">
                <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
                  Ela sai das buscas na hora e o anfitrião recebe o motivo por email. Depois dos ajustes, volta para a fila.
                </p>
                {reasonForm("unpublish")}
              </div>
            </details>
          </div>
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300">Aguardando ajustes do anfitrião: ao salvar a propriedade, ela volta para a fila.</p>
        )}
      </div>
    </section>
  );
}
