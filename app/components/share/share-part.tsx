import { lazy } from "react";
import { HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";
import type { ShareProps } from "./share-buttons";

const loadShareButtons = () => import("./share-buttons");
const serverShareButtons = import.meta.env.SSR ? await loadShareButtons() : null;
const ShareButtons = serverShareButtons?.ShareButtons ?? lazy(() => loadShareButtons().then((m) => ({ default: m.ShareButtons })));

/**
 * A page's share buttons (share-buttons.tsx), for any public page: drawn by the server, their code
 * loaded as they come near rather than with the page (decision 020), so they cost a page's first
 * load next to nothing. One per page.
 */
export function SharePart(props: ShareProps) {
  return (
    <HydrateWhenSeen name="compartilhar">
      <ShareButtons {...props} />
    </HydrateWhenSeen>
  );
}
