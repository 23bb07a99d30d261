import { Form, Link } from "react-router";
import type { Route } from "./+types/contatos-recebidos";
import { pageWindow } from "@common/property-query";
import { isUuid } from "@common/uuid";
import { RESPONSE_ANSWERS, RESPONSE_LABELS, RESPONSE_MIN_ANSWERS, RESPONSE_WINDOW_DAYS, responsivenessBadge } from "@common/reviews";
import { requireHost } from "@server/accounts/guards";
import { contactedListings, receivedContacts, responseCounts } from "@server/trust/contacts";
import { ContactCard, quietButton } from "~/components/contacts/contact-card";
import { Icon } from "~/components/ui/icons";
import { ListingChoice } from "~/components/host/listing-choice";
import { Pagination } from "~/components/ui/pagination";
import { guardPage } from "~/lib/auth.server";
import { contactAction } from "~/lib/contact-actions.server";
import { contactView } from "~/lib/contact-view.server";
import { readForm } from "~/lib/form";

export const meta: Route.MetaFunction = () => [{ title: "Contatos recebidos | Recanto" }];

const PATH = "/minhas-propriedades/contatos";

function contactsHref(listing: string | null, page: number) {
  const query = new URLSearchParams();
  if (listing) query.set("anuncio", listing);
  if (page > 1) query.set("pagina", String(page));
  const search = query.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireHost);
  const { database, clock } = context.services;
  const params = new URL(request.url).searchParams;
  const listings = await contactedListings(database.db, viewer.id);
  // Any id: the contacts are read by this host's id, so another host's listing just shows none.
  const listing = isUuid(params.get("anuncio") ?? "") ? params.get("anuncio") : null;
  const now = clock.now();
  const [contacts, counts] = await Promise.all([
    receivedContacts(database.db, viewer.id, { propertyId: listing, page: Number(params.get("pagina")) || 1 }),
    responseCounts(database.db, viewer.id, now),
  ]);
  return {
    listings,
    listing,
    contacts: { ...contacts, items: contacts.items.map((item) => contactView(item, "host", now)) },
    counts,
    badge: responsivenessBadge(counts),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireHost);
  const fields = await readForm(request);
  return contactAction(request, context, viewer, fields, new URL(request.url).pathname + new URL(request.url).search);
}

export default function ContatosRecebidos({ loaderData, actionData }: Route.ComponentProps) {
  const { listings, listing, contacts, counts, badge } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const answers = RESPONSE_ANSWERS.reduce((sum, answer) => sum + counts[answer], 0);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/minhas-propriedades" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
        <Icon name="arrow-left" aria-hidden className="size-4" /> Minhas Propriedades
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Contatos recebidos</h1>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {contacts.total === 1 ? "1 contato" : `${contacts.total.toLocaleString("pt-BR")} contatos`}
        {listing ? " neste anúncio" : " em todos os anúncios"}, do mais recente ao mais antigo.
      </p>

      <section aria-labelledby="como-responde" className="mt-6 rounded-2xl border border-stone-200 p-5 dark:border-stone-800">
        <h2 id="como-responde" className="text-lg font-semibold">
          Como você responde
        </h2>
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {`Um dia depois de cada contato, perguntamos ao hóspede se você respondeu. Respostas dos últimos ${RESPONSE_WINDOW_DAYS} dias:`}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {RESPONSE_ANSWERS.map((answer) => (
            <div key={answer} className="rounded-lg bg-stone-50 p-3 dark:bg-stone-900">
              <dt className="text-sm text-stone-700 dark:text-stone-300">{RESPONSE_LABELS[answer]}</dt>
              <dd className="text-2xl font-bold">{counts[answer]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm font-medium">
          {badge
            ? `Seus anúncios mostram: “${badge}”.`
            : answers < RESPONSE_MIN_ANSWERS
              ? `Com pelo menos ${RESPONSE_MIN_ANSWERS} respostas, seus anúncios mostram quanto tempo você costuma levar para responder.`
              : "Responda em até um dia para seus anúncios mostrarem que você costuma responder rápido."}
        </p>
      </section>

      {listings.length > 1 ? (
        <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
          <ListingChoice listings={listings} chosen={listing ?? null} />
          <button type="submit" className={quietButton}>
            Filtrar
          </button>
        </Form>
      ) : null}

      {contacts.items.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-stone-300 px-4 py-12 text-center dark:border-stone-700">
          {listing ? "Nenhum contato neste anúncio ainda." : "Nenhum contato ainda."} Quando um hóspede tocar em “Contatar via WhatsApp” num anúncio seu, ele aparece aqui.
        </p>
      ) : (
        <>
          <h2 className="mt-8 text-xl font-semibold">Contatos</h2>
          <ul className="mt-4 space-y-4">
            {contacts.items.map((contact) => (
              <li key={contact.id}>
                <ContactCard contact={contact} side="host" refusal={refusal && refusal.typed.contato === contact.id ? refusal : null} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={contacts.page} pageCount={contacts.pageCount} pages={pageWindow(contacts.page, contacts.pageCount)} href={(page) => contactsHref(listing, page)} />
    </div>
  );
}
