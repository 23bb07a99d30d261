import { Form, Link, redirect, type AppLoadContext } from "react-router";
import type { Route } from "./+types/accommodation-contact";
import { buildWhatsappUrl, parseStay } from "@common/whatsapp";
import { nightOf } from "@common/nights";
import { findPublicContact } from "@server/properties/properties";
import { hasSeenNotice, noteNoticeSeen, noticeAbout } from "@server/trust/contact-notice";
import { recordContact } from "@server/trust/contacts";
import { primaryButton } from "~/components/ui/button-class";
import { Icon } from "~/components/ui/icons";
import { getViewer } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { loginPath } from "~/lib/redirects";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Antes de falar com o anfitrião | Recanto" }, { name: "robots", content: "noindex" }];

/** What a stay's fields were called in the listing's form: the notice carries them on to WhatsApp. */
const STAY_FIELDS = ["checkin", "checkout", "guests"] as const;

/**
 * The way to a host's WhatsApp, /accommodation/{id}/contato (the listing's contact form, opened in
 * a new tab): signed-in visitors only. The first time a guest contacts a listing, a safety notice
 * comes first (a page: it works without JavaScript); "Entendi, abrir o WhatsApp" posts here, notes
 * it was seen, and goes on. Afterwards the form goes straight to WhatsApp. The number only ever
 * leaves the server inside that redirect, and each time it does the contact is recorded (issue 45).
 * A link from another site (Sec-Fetch-Site) shows the notice's page again instead, whose button
 * posts here: no other site can record a contact in a guest's name.
 */
async function contactStep(request: Request, params: { id: string }, context: AppLoadContext, stay: URLSearchParams, confirmed: boolean) {
  const fromElsewhere = ["cross-site", "same-site"].includes(request.headers.get("Sec-Fetch-Site") ?? "");
  const detailPath = `/accommodation/${encodeURIComponent(params.id)}`;
  const viewer = await getViewer(context);
  if (!viewer) throw redirect(loginPath(detailPath));

  const { database, config } = context.services;
  const contact = await findPublicContact(database.db, params.id);
  if (!contact) {
    throw new Response("Propriedade não encontrada. Esta propriedade não existe ou foi removida.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pagePath = `/accommodation/${contact.slug}`;
  const parsed = parseStay({ checkin: stay.get("checkin"), checkout: stay.get("checkout"), guests: stay.get("guests") }, contact.maxGuests, nightOf(new Date()));
  const whatsapp = buildWhatsappUrl({ phone: contact.whatsappContact, title: contact.title, url: new URL(pagePath, config.BASE_URL).href, ...parsed });
  if (!whatsapp) {
    throw await redirectWithToast(pagePath, {
      title: "Contato não disponível",
      description: "Número do WhatsApp não encontrado para esta propriedade.",
      variant: "error",
    });
  }
  // The notice names a verified host's legal name: showing it counts as a contact too.
  const limited = await overLimit(context, "contact", viewer.email);
  if (limited) throw await redirectWithToast(pagePath, { title: "Muitos contatos em pouco tempo", description: limited.title, variant: "error" });
  if (confirmed) await noteNoticeSeen(database.db, viewer.id, contact.id);
  else if (fromElsewhere || !(await hasSeenNotice(database.db, viewer.id, contact.id))) {
    const about = await noticeAbout(database.db, contact.id);
    const carried = STAY_FIELDS.flatMap((name) => (stay.get(name) ? [[name, stay.get(name)!] as const] : []));
    return { title: contact.title, pagePath, reportPath: `/denunciar/anuncio/${contact.slug}`, carried, ...about };
  }
  await recordContact(database.db, viewer.id, contact, parsed, context.services.clock.now());
  throw redirect(whatsapp);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return contactStep(request, params, context, new URL(request.url).searchParams, false);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  return contactStep(request, params, context, new URLSearchParams(fields), fields.intent === "abrir-whatsapp");
}

export default function ContactNotice({ loaderData, actionData }: Route.ComponentProps) {
  const notice = actionData ?? loaderData;
  const { hostFirstName: host, legalName } = notice;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link to={notice.pagePath} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
        <Icon name="arrow-left" aria-hidden className="size-4" /> {notice.title}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{`Antes de falar com ${host}`}</h1>
      {legalName ? (
        <p className="mt-4 flex items-start gap-2 rounded-xl border border-brand-300 bg-brand-50 p-4 text-brand-950 dark:border-brand-700 dark:bg-brand-950 dark:text-brand-50">
          <Icon name="shield-check" aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>
            {`A identidade de ${host} foi verificada pelo Recanto. O nome no documento é `}
            <strong>{legalName}</strong>.
          </span>
        </p>
      ) : (
        <p className="mt-4 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <Icon name="info" aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>{`A identidade de ${host} ainda não foi verificada pelo Recanto.`}</span>
        </p>
      )}
      <h2 className="mt-8 text-xl font-semibold">Para se proteger de golpes</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-800 dark:text-stone-200">
        <li>
          {legalName ? (
            <>
              Pague só para uma chave Pix em nome de <strong>{legalName}</strong>. Antes de confirmar, confira o nome que o seu banco mostra.
            </>
          ) : (
            "Antes de pagar, confira se o nome que o seu banco mostra na chave Pix é o da pessoa com quem você combinou a hospedagem."
          )}
        </li>
        <li>Nunca pague a terceiros: outra pessoa, outra empresa ou um “intermediário”.</li>
        <li>
          Nunca pague sinal ou depósito antes de ver{" "}
          <Link to={notice.pagePath} className="font-semibold underline underline-offset-2">
            o calendário da hospedagem
          </Link>{" "}
          e combinar as datas com {host}.
        </li>
        <li>O Recanto não cobra reservas nem pede pagamentos: quem pedir dinheiro em nome do Recanto está aplicando um golpe.</li>
      </ul>
      <Form method="post" className="mt-8 flex flex-wrap items-center gap-4">
        {notice.carried.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value="abrir-whatsapp" className={`${primaryButton} gap-2 sm:w-auto`}>
          <Icon name="message-circle" aria-hidden className="size-5" /> Entendi, abrir o WhatsApp
        </button>
        <Link to={notice.reportPath} className="inline-flex items-center gap-1.5 font-semibold text-red-800 underline underline-offset-2 dark:text-red-300">
          <Icon name="siren" aria-hidden className="size-4" /> Denunciar
        </Link>
      </Form>
      <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">Mostramos este aviso uma vez por hospedagem.</p>
    </div>
  );
}
