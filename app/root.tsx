import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { AuthDialogProvider } from "~/components/auth/auth-dialog";
import { clientNavigated, HydrateInTurn } from "~/components/ui/hydrate-when-seen";
import { notify, Toasts } from "~/components/ui/toasts";
import { isOperator } from "@server/accounts/guards";
import { getViewer } from "~/lib/auth.server";
import { useNonce } from "~/lib/nonce";
import { START_SCRIPTS } from "~/lib/scripts-after-load";
import { isDarkTheme, THEME_SCRIPT } from "~/lib/theme";
import { useSystemPrefersDark, useTheme } from "~/lib/use-theme";
import { getTheme } from "~/lib/theme.server";
import { takeToast } from "~/lib/toast.server";
import { UNAVAILABLE_DESCRIPTION, UNAVAILABLE_TITLE } from "@common/unavailable";
import { favoriteIds } from "@server/favorites/favorites";
import { queueCounts } from "@server/moderation/queue-counts";
import { FOOTER_CATEGORIES } from "@common/catalog";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, theme, flash] = await Promise.all([getViewer(context), getTheme(request), takeToast(request)]);
  const { db } = context.services.database;
  const [favorites, pendingModeration] = await Promise.all([
    // Every heart on the page is drawn right on the first render from this list.
    viewer ? favoriteIds(db, viewer.id) : ([] as string[]),
    // Operators only: the moderation queue's length for the header menu (one COUNT on a partial index).
    // Everything waiting for an operator: listings, identity requests and reported listings or hosts.
    isOperator(viewer) ? queueCounts(db).then(({ listings, identities, reports }) => listings + identities + reports) : null,
  ]);
  // The maps' tiles: the same for everyone, read by every map on the page (app/components/map/).
  const { url, attribution } = context.services.config.mapTiles;
  // The footer's links, named here: the catalogue's module stays out of the pages that need no more of it.
  const footerCategories = FOOTER_CATEGORIES.map(({ slug, name }) => ({ slug, name }));
  // The site's address: every page's canonical link and structured data are absolute (app/lib/seo.ts).
  const siteUrl = context.services.config.BASE_URL;
  return data({ viewer, theme, toast: flash.toast, favorites, pendingModeration, mapTiles: { url, attribution }, footerCategories, siteUrl }, { headers: flash.headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const theme = useTheme();
  const systemDark = useSystemPrefersDark();
  const nonce = useNonce();
  // On the server "system" renders light; THEME_SCRIPT corrects it before the first paint.
  const dark = isDarkTheme(theme, systemDark);
  return (
    <html lang="pt-BR" data-theme={theme} className={dark ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <Toasts theme={theme} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: START_SCRIPTS }} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { viewer, toast, favorites, pendingModeration } = loaderData;
  const navigation = useNavigation().state;
  const navigating = navigation === "loading";
  // The next page is the browser's to draw: none of its parts waits for the server's markup to be seen.
  useEffect(() => {
    if (navigation !== "idle") clientNavigated();
  }, [navigation]);
  useEffect(() => {
    if (toast) notify.toast(toast);
  }, [toast]);
  return (
    <AuthDialogProvider>
      {navigating ? (
        <div role="progressbar" aria-label="Carregando página" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600" />
      ) : null}
      <a
        href="#conteudo"
        className="sr-only z-50 rounded bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <SiteHeader viewer={viewer} favoritesCount={favorites.length} pendingModeration={pendingModeration} />
      <main id="conteudo" className="flex-1">
        {/* The page's frame hydrates first, the route's content after it (where a dialog open on arrival may hide the frame from assistive technology). */}
        <HydrateInTurn>
          <Outlet />
        </HydrateInTurn>
      </main>
      <SiteFooter categories={loaderData.footerCategories} />
    </AuthDialogProvider>
  );
}

const ERROR_TEXTS = {
  notFound: { title: "Oops! Page not found", description: "A página que você procura não existe ou foi removida." },
  // A service the site depends on (database, image storage) did not answer: the server answered 503.
  unavailable: { title: UNAVAILABLE_TITLE, description: UNAVAILABLE_DESCRIPTION },
  unexpected: {
    title: "Algo deu errado",
    description: "Erro inesperado. Tente novamente em instantes; se o problema continuar, fale com a gente pela Central de Ajuda.",
  },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const texts = status === 404 ? ERROR_TEXTS.notFound : status === 503 ? ERROR_TEXTS.unavailable : ERROR_TEXTS.unexpected;
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : null;
  return (
    <main id="conteudo" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{texts.title}</h1>
      <p className="mt-4 text-stone-600 dark:text-stone-300">{texts.description}</p>
      {details ? <pre className="mt-6 max-w-full overflow-auto text-left text-xs">{details}</pre> : null}
      <Link to="/" className="mt-8 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Voltar ao início
      </Link>
    </main>
  );
}
