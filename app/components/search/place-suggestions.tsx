import { Link } from "react-router";

/** "Você quis dizer": the other places the searched name could mean, each a link to that search. */
export function PlaceSuggestions({ links }: { links: { label: string; href: string }[] }) {
  if (links.length === 0) return null;
  return (
    <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
      Você quis dizer{" "}
      {links.map((link, i) => (
        <span key={link.label}>
          {i > 0 ? (i === links.length - 1 ? " ou " : ", ") : null}
          <Link to={link.href} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200">
            {link.label}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}
