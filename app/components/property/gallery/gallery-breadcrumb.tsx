import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";
import { findCategory } from "@common/catalog";

const linkClass = "rounded hover:text-brand-800 hover:underline dark:hover:text-brand-200";

/** Início > property type (its category page) > title (the current page). */
export function GalleryBreadcrumb({ propertyType, title }: { propertyType: string; title: string }) {
  const category = findCategory(propertyType);
  return (
    <nav aria-label="Navegação estrutural" className="text-sm text-stone-600 dark:text-stone-300">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className={linkClass}>
            Início
          </Link>
        </li>
        <Separator />
        <li>
          {category ? (
            <Link to={`/category/${category.slug}`} className={linkClass}>
              {propertyType}
            </Link>
          ) : (
            propertyType
          )}
        </li>
        <Separator />
        <li aria-current="page" className="min-w-0 truncate font-medium text-stone-900 dark:text-stone-100">
          {title}
        </li>
      </ol>
    </nav>
  );
}

function Separator() {
  return (
    <li aria-hidden className="flex">
      <Icon name="chevron-right" className="size-4 text-stone-400 dark:text-stone-500" />
    </li>
  );
}
