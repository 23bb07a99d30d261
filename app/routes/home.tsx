import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CATEGORIES } from "@common/catalog";

export const meta: Route.MetaFunction = () => [
  { title: "Recanto | Hospedagens na natureza" },
  {
    name: "description",
    content: "Cabanas, chalés, casas na árvore, glamping e hotéis fazenda em todo o Brasil. Fale direto com o anfitrião, sem comissão.",
  },
];

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center dark:from-brand-900/40 dark:to-stone-950">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl dark:text-stone-50">
          Encontre seu refúgio na natureza
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
          Cabanas, chalés, casas na árvore e hotéis fazenda em todo o Brasil. Você fala direto com o anfitrião, sem
          comissão.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/como-funciona" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Como funciona
          </Link>
          <Link
            to="/anuncie-conosco"
            className="rounded-lg border border-stone-300 bg-white px-5 py-3 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:hover:bg-stone-800"
          >
            Anuncie sua propriedade
          </Link>
        </div>
      </section>
      <section aria-labelledby="categorias" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="categorias" className="text-2xl font-semibold">
          Explore por categoria
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {CATEGORIES.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/category/${c.slug}`}
                className="block h-full rounded-xl border border-stone-200 p-4 hover:border-brand-400 hover:bg-brand-50 dark:border-stone-800 dark:hover:bg-stone-900"
              >
                <span className="block font-semibold">{c.name}</span>
                <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">{c.tagline}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
