import { data, Link } from "react-router";
import type { Route } from "./+types/category";
import { findCategory } from "@common/catalog";
import { linkButton, PageMessage } from "~/components/layout/page-message";

export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.categoryId);
  if (!category) return data({ category: null }, { status: 404 });
  return { category: { name: category.name, tagline: category.tagline } };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.category ? `${data.category.name} | Recanto` : "Categoria não encontrada | Recanto" },
  { name: "description", content: data?.category ? `${data.category.name}: ${data.category.tagline}.` : "" },
];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  if (!category) {
    return (
      <PageMessage
        title="Categoria não encontrada"
        actions={
          <Link to="/" className={linkButton}>
            Voltar ao início
          </Link>
        }
      >
        <p>A categoria que você está procurando não existe.</p>
      </PageMessage>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{category.name}</h1>
      <p className="mt-2 text-lg text-stone-600 dark:text-stone-300">{category.tagline}</p>
      <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">0 propriedades encontradas</p>
      <div className="mt-10 rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
        <h2 className="text-xl font-semibold">Nenhuma propriedade encontrada</h2>
        <p className="mt-2 text-stone-600 dark:text-stone-300">
          As propriedades aparecerão aqui quando forem cadastradas por nossos anfitriões.
        </p>
      </div>
    </div>
  );
}
