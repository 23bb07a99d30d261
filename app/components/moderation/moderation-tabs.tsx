import { NavLink } from "react-router";

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "border border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800"}`;

/** The operators' queues, each with how many wait in it. */
export function ModerationTabs({ counts }: { counts: { listings: number; identities: number; reports: number } }) {
  return (
    <nav aria-label="Filas de moderação" className="mt-6 flex flex-wrap gap-2">
      <NavLink to="/moderacao" end className={tab}>
        Anúncios <span className="tabular-nums">{counts.listings}</span>
      </NavLink>
      <NavLink to="/moderacao/verificacoes" className={tab}>
        Identidades <span className="tabular-nums">{counts.identities}</span>
      </NavLink>
      <NavLink to="/moderacao/denuncias" className={tab}>
        Denúncias e avaliações <span className="tabular-nums">{counts.reports}</span>
      </NavLink>
    </nav>
  );
}
