import { Icon } from "~/components/ui/icons";
import { useState, type ComponentProps, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useModuleOnDemand } from "~/components/ui/on-demand";
import type { Viewer } from "~/lib/auth.server";
import { useTheme } from "~/lib/use-theme";
import { THEME_OPTIONS } from "./header-parts";

const iconButton =
  "inline-flex h-10 items-center justify-center gap-2 rounded-full border border-stone-300 px-3 text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800";

/** "3 propriedades aguardando análise", for accessible names. */
function waitingLabel(count: number) {
  return count === 1 ? "1 propriedade aguardando análise" : `${count} propriedades aguardando análise`;
}

export function SiteHeader({
  viewer,
  favoritesCount,
  pendingModeration = null,
}: {
  viewer: Viewer | null;
  favoritesCount: number;
  /** Operators only (null for everyone else): how many properties wait for moderation. */
  pendingModeration?: number | null;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-800 dark:text-brand-200" aria-label="Recanto, página inicial">
          <Icon name="trees" aria-hidden className="h-7 w-7" />
          <span>Recanto</span>
        </Link>
        <nav aria-label="Conta" className="flex items-center gap-2">
          {!viewer ? (
            // Becoming a host, not a detour: after signing up the welcome on /perfil takes it from there.
            <Link
              to="/cadastro"
              className="hidden rounded-full px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 lg:inline-flex dark:text-stone-100 dark:hover:bg-stone-800"
            >
              Anuncie sua propriedade
            </Link>
          ) : null}
          <ThemeButton />
          <Link to="/favoritos" className={`${iconButton} relative`} aria-label={viewer ? `Favoritos (${favoritesCount})` : "Favoritos"}>
            <Icon name="heart" aria-hidden className="h-5 w-5" />
            {viewer && favoritesCount > 0 ? (
              <span aria-hidden className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white">
                {favoritesCount > 99 ? "99+" : favoritesCount}
              </span>
            ) : null}
          </Link>
          <AccountButton viewer={viewer} pendingModeration={pendingModeration} />
        </nav>
      </div>
    </header>
  );
}

const loadMenus = () => import("./header-menus");
type Menus = Awaited<ReturnType<typeof loadMenus>>;
const OPENING_KEYS = ["Enter", " ", "ArrowDown", "ArrowUp"];

/**
 * A header menu's button, drawn here so the menu's code loads only when wanted: fetched when a
 * pointer or the focus reaches the button, shown (open) once it is there after a press. If it cannot
 * be fetched, the button stays and a toast says so; the next press tries again.
 */
function MenuButton({ trigger, menu }: { trigger: ComponentProps<"button">; menu: (menus: Menus, byKeyboard: boolean) => ReactNode }) {
  const menus = useModuleOnDemand(loadMenus);
  const [opened, setOpened] = useState<{ byKeyboard: boolean } | null>(null);
  const open = (byKeyboard: boolean) => void menus.request().then((loaded) => loaded && setOpened((o) => o ?? { byKeyboard }));
  const preload = () => void loadMenus().catch(() => undefined); // told on the press, if it still fails then
  if (opened && menus.module) return menu(menus.module, opened.byKeyboard);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...trigger}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(e) => open(e.detail === 0)}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPENING_KEYS.includes(e.key)) return;
        e.preventDefault();
        open(true);
      }}
    />
  );
}

function AccountButton({ viewer, pendingModeration }: { viewer: Viewer | null; pendingModeration: number | null }) {
  const isOperator = viewer?.role === "admin" && pendingModeration !== null;
  const waiting = isOperator && pendingModeration > 0 ? pendingModeration : 0;
  const trigger = {
    className: `${iconButton} relative`,
    "aria-label": viewer ? `Menu da conta de ${viewer.name}${waiting ? `, ${waitingLabel(waiting)}` : ""}` : "Menu da conta",
    children: (
      <>
        <Icon name="menu" aria-hidden className="h-4 w-4" />
        {viewer ? <Avatar name={viewer.name} photoKey={viewer.avatarKey} size="sm" className="-mr-1.5" /> : <Icon name="user" aria-hidden className="h-5 w-5" />}
        {waiting ? <span aria-hidden className="absolute -top-0.5 -right-0.5 size-3 rounded-full border-2 border-white bg-amber-500 dark:border-stone-950" /> : null}
      </>
    ),
  };
  return (
    <MenuButton
      trigger={trigger}
      menu={({ AccountMenu }, byKeyboard) => <AccountMenu viewer={viewer} pendingModeration={pendingModeration} trigger={trigger} byKeyboard={byKeyboard} />}
    />
  );
}

function ThemeButton() {
  const theme = useTheme();
  const current = THEME_OPTIONS.find((o) => o.value === theme) ?? THEME_OPTIONS[2]!;
  // The title shows mouse users the same words as screen readers hear.
  const trigger = { className: iconButton, "aria-label": `Tema: ${current.label}`, title: `Tema: ${current.label}`, children: current.icon };
  return <MenuButton trigger={trigger} menu={({ ThemeMenu }, byKeyboard) => <ThemeMenu trigger={trigger} byKeyboard={byKeyboard} />} />;
}
