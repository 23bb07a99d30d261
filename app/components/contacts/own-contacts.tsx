import { pageWindow } from "@common/property-query";
import { Pagination } from "~/components/ui/pagination";
import type { ContactView } from "~/lib/contact-view.server";
import { ContactCard, type CardRefusal } from "./contact-card";

/** "Meus contatos" on /perfil: the guest's contacts, newest first, with their stays and reviews. */
export function OwnContacts({
  contacts,
  refusal,
}: {
  contacts: { items: ContactView[]; total: number; page: number; pageCount: number };
  refusal: (CardRefusal & { contato?: string }) | null;
}) {
  return (
    <section id="meus-contatos" aria-labelledby="meus-contatos-titulo" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
      <h2 id="meus-contatos-titulo" className="text-xl font-semibold">
        Meus contatos
      </h2>
      {contacts.items.length === 0 ? (
        <p className="mt-2 text-stone-700 dark:text-stone-300">Quando você falar com um anfitrião pelo “Contatar via WhatsApp”, o contato aparece aqui. Depois da hospedagem, é por aqui que você a confirma e avalia.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">Confirme aqui as hospedagens que fez: depois da saída, você pode avaliá-las.</p>
          <ul className="mt-4 space-y-4">
            {contacts.items.map((contact) => (
              <li key={contact.id}>
                <ContactCard contact={contact} side="guest" refusal={refusal?.contato === contact.id ? refusal : null} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={contacts.page} pageCount={contacts.pageCount} pages={pageWindow(contacts.page, contacts.pageCount)} href={(page) => `/perfil?contatos=${page}#meus-contatos`} />
    </section>
  );
}
