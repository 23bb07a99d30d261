import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";
import { NewsletterForm } from "./newsletter-form";

const STATIC_PAGES = [
  { to: "/como-funciona", label: "Como funciona" },
  { to: "/central-ajuda", label: "Central de Ajuda" },
  { to: "/politica-cancelamento", label: "Política de cancelamento" },
  { to: "/anuncie-conosco", label: "Anuncie conosco" },
  { to: "/termos-uso", label: "Termos de Uso" },
  { to: "/privacidade", label: "Privacidade" },
];

const linkClass = "text-sm text-stone-700 hover:text-brand-800 hover:underline dark:text-stone-300 dark:hover:text-brand-200";

export function SiteFooter({ categories }: { categories: { slug: string; name: string }[] }) {
  return (
    // Under a listing's contact bar on phones (PropertyDetailLayout's phoneBar), no margin: the bar rests on the footer.
    <footer className="mt-16 border-t border-stone-200 bg-stone-50 max-md:[main:has([data-phone-bar])+&]:mt-0 dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-brand-800 dark:text-brand-200">
            <Icon name="trees" aria-hidden className="h-6 w-6" /> Recanto
          </p>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
            Hospedagens na natureza: cabanas, chalés, casas na árvore, glamping e muito mais. Você fala direto com o
            anfitrião, sem comissão.
          </p>
        </div>
        <FooterLinks id="footer-categorias" title="Categorias" links={categories.map((c) => ({ to: `/category/${c.slug}`, label: c.name }))} />
        <FooterLinks id="footer-recanto" title="Recanto" links={STATIC_PAGES} />
        <div>
          <h2 className="text-sm font-semibold text-stone-900 dark:text-stone-100">Newsletter</h2>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">Receba novos refúgios e dicas de viagem.</p>
          <NewsletterForm />
        </div>
      </div>
      <p className="border-t border-stone-200 px-4 py-6 text-center text-xs text-stone-600 dark:border-stone-800 dark:text-stone-400">
        © {new Date().getFullYear()} Recanto. O Recanto não é parte nas negociações entre hóspedes e anfitriões.
      </p>
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
