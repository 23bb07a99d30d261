import { useSyncExternalStore } from "react";
import { Icon } from "~/components/ui/icons";
import { notify } from "~/components/ui/toasts";

export interface ShareProps {
  /** The page's absolute address. */
  url: string;
  /** A short pt-BR sentence that goes before the address ("Olha este lugar no Recanto: Chalé…"). */
  text: string;
}

/** WhatsApp's share link: it opens the app (or WhatsApp Web) with the text and address typed in. */
export const whatsappShareUrl = ({ url, text }: ShareProps) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;

const neverChanges = () => () => {};
const hasShareSheet = () => typeof navigator.share === "function";

/**
 * Sharing a page: WhatsApp (a plain link, which works before and without JavaScript), copying the
 * address, and where the browser has one (phones) its own share sheet. The copy is confirmed in a
 * toast, which screen readers announce.
 */
export function ShareButtons({ url, text }: ShareProps) {
  // Only known in the browser: the server (and hydration) draw the buttons every browser has.
  const canShare = useSyncExternalStore(neverChanges, hasShareSheet, () => false);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => notify.success("Link copiado"),
      () => notify.error("Não foi possível copiar o link", { description: url }),
    );
  return (
    <div className="flex items-center gap-2">
      {canShare ? (
        // Closing the sheet without choosing rejects: nothing to say then.
        <button type="button" className="share-button" aria-label="Compartilhar" title="Compartilhar" onClick={() => navigator.share({ text, url }).catch(() => {})}>
          <Icon name="share-2" aria-hidden className="size-5" />
        </button>
      ) : null}
      <a className="share-button" href={whatsappShareUrl({ url, text })} target="_blank" rel="noopener noreferrer" aria-label="Compartilhar no WhatsApp" title="Compartilhar no WhatsApp">
        <Icon name="message-circle" aria-hidden className="size-5" />
      </a>
      <button type="button" className="share-button" aria-label="Copiar link" title="Copiar link" onClick={() => void copy()}>
        <Icon name="link" aria-hidden className="size-5" />
      </button>
    </div>
  );
}
