import { Home, Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/minhas-propriedades";
import { hostPropertyCards } from "@server/properties/manage";
import { HostPropertyCard } from "~/components/host/host-property-card";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { requireHost } from "@server/accounts/guards";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Minhas Propriedades | Recanto" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireHost);
  return { properties: await hostPropertyCards(context.services.database.db, viewer.id) };
}

export default function MinhasPropriedades({ loaderData }: Route.ComponentProps) {
  const { properties } = loaderData;
  if (properties.length === 0) {
    return (
      <PageMessage
        icon={<Home aria-hidden className="h-12 w-12" />}
        title="Minhas Propriedades"
        actions={
          <Link to="/adicionar-propriedade" className={linkButton}>
            Adicionar primeira propriedade
          </Link>
        }
      >
        <p>Nenhuma propriedade cadastrada</p>
      </PageMessage>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Minhas Propriedades</h1>
          <p className="mt-1 text-stone-600 dark:text-stone-300">{properties.length === 1 ? "1 propriedade" : `${properties.length} propriedades`}</p>
        </div>
        <Link to="/adicionar-propriedade" className={`${linkButton} gap-2`}>
          <Plus aria-hidden className="size-4" />
          Adicionar Propriedade
        </Link>
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {properties.map((property) => (
          <li key={property.id}>
            <HostPropertyCard property={property} />
          </li>
        ))}
      </ul>
    </div>
  );
}
