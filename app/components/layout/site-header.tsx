import { CreditCard, Heart, LogOut, Menu, Monitor, Moon, Plus, ShieldCheck, Sun, Trees, User, Home, LogIn, UserPlus } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useFetcher, useSubmit } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import type { Viewer } from "~/lib/auth.server";
import { isDarkTheme, THEME_FETCHER_KEY, type Theme } from "~/lib/theme";
import { useTheme } from "~/lib/use-theme";
import { useAuthLinks } from "~/lib/use-auth-links";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-stone-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 dark:text-stone-100 dark:data-[highlighted]:bg-stone-800 dark:data-[highlighted]:text-white";
const menuClass =
  "z-50 min-w-56 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg dark:border-stone-700 dark:bg-stone-900";
const iconButton =
  "inline-flex h-10 items-center justify-center gap-2 rounded-full border border-stone-300 px-3 text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800";

/** "3 propriedades aguardando análise", for accessible names. */
function waitingLabel(count: number) {
  return count === 1 ? "1 propriedade aguardando análise" : `${count} propriedades aguardando análise`;
}

const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

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
          <Trees aria-hidden className="h-7 w-7" />
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
          <ThemeMenu />
          <Link to="/favoritos" className={`${iconButton} relative`} aria-label={viewer ? `Favoritos (${favoritesCount})` : "Favoritos"}>
            <Heart aria-hidden className="h-5 w-5" />
            {viewer && favoritesCount > 0 ? (
              <span aria-hidden className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white">
                {favoritesCount > 99 ? "99+" : favoritesCount}
              </span>
            ) : null}
          </Link>
          <AccountMenu viewer={viewer} pendingModeration={pendingModeration} />
        </nav>
      </div>
    </header>
  );
}

function AccountMenu({ viewer, pendingModeration }: { viewer: Viewer | null; pendingModeration: number | null }) {
  const authLinks = useAuthLinks();
  const submit = useSubmit();
  const isOperator = viewer?.role === "admin" && pendingModeration !== null;
  const waiting = isOperator && pendingModeration > 0 ? pendingModeration : 0;
  const triggerLabel = viewer ? `Menu da conta de ${viewer.name}${waiting ? `, ${waitingLabel(waiting)}` : ""}` : "Menu da conta";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${iconButton} relative`} aria-label={triggerLabel}>
        <Menu aria-hidden className="h-4 w-4" />
        {viewer ? <Avatar name={viewer.name} photoKey={viewer.avatarKey} size="sm" className="-mr-1.5" /> : <User aria-hidden className="h-5 w-5" />}
        {waiting ? <span aria-hidden className="absolute -top-0.5 -right-0.5 size-3 rounded-full border-2 border-white bg-amber-500 dark:border-stone-950" /> : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuClass}>
          {viewer ? (
            <>
              <DropdownMenu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-400">
                {viewer.name}
              </DropdownMenu.Label>
              <MenuLink to="/perfil" icon={<User aria-hidden className="h-4 w-4" />}>
                Meu Perfil
              </MenuLink>
              {viewer.userType === "host" ? (
                <>
                  <MenuLink to="/minhas-propriedades" icon={<Home aria-hidden className="h-4 w-4" />}>
                    Minhas Propriedades
                  </MenuLink>
                  <MenuLink to="/adicionar-propriedade" icon={<Plus aria-hidden className="h-4 w-4" />}>
                    Adicionar Propriedade
                  </MenuLink>
                  <MenuLink to="/planos" icon={<CreditCard aria-hidden className="h-4 w-4" />}>
                    Meu Plano
                  </MenuLink>
                </>
              ) : null}
              <MenuLink to="/favoritos" icon={<Heart aria-hidden className="h-4 w-4" />}>
                Favoritos
              </MenuLink>
              {isOperator ? (
                <MenuLink
                  to="/moderacao"
                  icon={<ShieldCheck aria-hidden className="h-4 w-4" />}
                  label={`Moderação (${pendingModeration === 1 ? "1 pendente" : `${pendingModeration} pendentes`})`}
                >
                  Moderação
                  <span
                    aria-hidden
                    className={`ml-auto min-w-6 rounded-full px-1.5 text-center text-xs leading-5 font-bold ${
                      waiting ? "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50" : "bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200"
                    }`}
                  >
                    {badgeText(pendingModeration)}
                  </span>
                </MenuLink>
              ) : viewer.role === "admin" ? (
                // No count before the second factor is on: the link leads to setting it up.
                <MenuLink to="/moderacao" icon={<ShieldCheck aria-hidden className="h-4 w-4" />}>
                  Moderação
                </MenuLink>
              ) : null}
              <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
              <DropdownMenu.Item className={itemClass} onSelect={() => void submit(null, { method: "post", action: "/sair" })}>
                <LogOut aria-hidden className="h-4 w-4" />
                Sair
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <MenuLink to={authLinks.login} icon={<LogIn aria-hidden className="h-4 w-4" />}>
                Entrar
              </MenuLink>
              <MenuLink to={authLinks.signUp} icon={<UserPlus aria-hidden className="h-4 w-4" />}>
                Cadastre-se
              </MenuLink>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, icon, label, children }: { to: string; icon: React.ReactNode; label?: string; children: React.ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to} aria-label={label}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

const THEME_OPTIONS: { value: Theme; label: string; icon: React.ReactNode }[] = [
  { value: "light", label: "Claro", icon: <Sun aria-hidden className="h-4 w-4" /> },
  { value: "dark", label: "Escuro", icon: <Moon aria-hidden className="h-4 w-4" /> },
  { value: "system", label: "Sistema", icon: <Monitor aria-hidden className="h-4 w-4" /> },
];

function ThemeMenu() {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const theme = useTheme();

  function choose(next: Theme) {
    const html = document.documentElement;
    html.dataset.theme = next;
    html.classList.toggle("dark", isDarkTheme(next));
    void fetcher.submit({ theme: next }, { method: "post", action: "/tema" });
  }

  const current = THEME_OPTIONS.find((o) => o.value === theme) ?? THEME_OPTIONS[2]!;
  return (
    <DropdownMenu.Root modal={false}>
      {/* The title shows mouse users the same words as screen readers hear. */}
      <DropdownMenu.Trigger className={iconButton} aria-label={`Tema: ${current.label}`} title={`Tema: ${current.label}`}>
        {current.icon}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuClass}>
          <DropdownMenu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-400">Tema</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(v) => choose(v as Theme)}>
            {THEME_OPTIONS.map((o) => (
              <DropdownMenu.RadioItem key={o.value} value={o.value} className={itemClass}>
                {o.icon}
                {o.label}
                <DropdownMenu.ItemIndicator className="ml-auto text-brand-700 dark:text-brand-300">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
