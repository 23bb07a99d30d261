import { Link } from "react-router";
import { linkButton, PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { PropertyImage } from "~/components/property/property-image";

export const NOT_FOUND_TITLE = "Propriedade não encontrada";
export const NOT_FOUND_TEXT = "Não foi possível carregar a galeria desta propriedade.";

/** Unknown, hidden or failed property: the same words, whatever the cause. */
export function GalleryNotFound() {
  return (
    <PageMessage
      title={NOT_FOUND_TITLE}
      actions={
        <Link to="/" className={linkButton}>
          Voltar ao início
        </Link>
      }
    >
      <p>{NOT_FOUND_TEXT}</p>
    </PageMessage>
  );
}

/** A property whose host has not added photos yet. */
export function GalleryEmpty({ slug }: { slug: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <PropertyImage image={null} sizes="36rem" className="aspect-[3/2] w-full max-w-md rounded-2xl" />
      <p className="mt-6 text-stone-600 dark:text-stone-300">Esta propriedade ainda não tem fotos.</p>
      <Link to={`/accommodation/${slug}`} className={`mt-6 ${secondaryLinkButton}`}>
        Ver detalhes da propriedade
      </Link>
    </div>
  );
}
