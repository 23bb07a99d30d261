import { inputClass } from "~/components/ui/input-class";

/** The "Anúncio" choice of a host's pages that show all their listings or one (a GET form's field). */
export function ListingChoice({ listings, chosen }: { listings: readonly { id: string; title: string }[]; chosen: string | null }) {
  return (
    <div>
      <label htmlFor="anuncio" className="mb-1 block text-sm font-medium">
        Anúncio
      </label>
      <select id="anuncio" name="anuncio" defaultValue={chosen ?? ""} className={`${inputClass} w-auto max-w-full`}>
        <option value="">Todos os anúncios</option>
        {listings.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </select>
    </div>
  );
}
