import { Link } from "react-router";
import type { PublicHost } from "@server/accounts/public-host";
import { Avatar } from "~/components/ui/avatar";
import { HostBadges } from "~/components/property/host-badges";
import { Icon } from "~/components/ui/icons";

/**
 * "Anfitrião": who hosts the listing, as the public sees them, how fast they usually answer (guests'
 * answers to "O anfitrião respondeu?"), a link to their page, and "Denunciar anúncio".
 */
export function HostSection({ host, responsiveness, reportPath }: { host: PublicHost; responsiveness: string | null; reportPath: string | null }) {
  return (
    <section aria-labelledby="anfitriao-titulo" className="border-t border-stone-200 py-8 dark:border-stone-800">
      <h2 id="anfitriao-titulo" className="text-xl font-semibold">
        Anfitrião
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={host.firstName} photoKey={host.photoKey} size="md" />
        <div>
          <p className="font-semibold">{`Hospedado por ${host.firstName}`}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">{`No Recanto desde ${host.memberSince}`}</p>
          <HostBadges host={host} className="mt-2" />
          {responsiveness ? (
            <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
              <Icon name="message-circle" aria-hidden className="size-4 shrink-0" />
              {responsiveness}
            </p>
          ) : null}
          <Link to={`/anfitriao/${host.id}`} className="mt-1 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
            {`Conheça ${host.firstName}`}
          </Link>
        </div>
      </div>
      {reportPath ? (
        <Link to={reportPath} className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-stone-700 underline underline-offset-2 dark:text-stone-300">
          <Icon name="siren" aria-hidden className="size-4" /> Denunciar anúncio
        </Link>
      ) : null}
    </section>
  );
}
