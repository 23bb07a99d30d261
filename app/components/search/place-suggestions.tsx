import { Link } from "react-router";
import type { PropertyQuery } from "@common/property-query";
import type { PlaceNotes } from "@server/properties/place-notes";

/** "Você quis dizer": the other places the searched name could mean, each a link to that search. */
export function PlaceSuggestions({ notes, href }: { notes: PlaceNotes; href: (change: Partial<PropertyQuery>) => string }) {
  if (notes.alternatives.length === 0) return null;
  return (
    <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
      Você quis dizer{" "}
      {notes.alternatives.map((alternative, i) => (
        <span key={alternative.label}>
          {i > 0 ? (i === notes.alternatives.length - 1 ? " ou " : ", ") : null}
          <Link to={href(alternative.change)} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200">
            {alternative.label}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}
