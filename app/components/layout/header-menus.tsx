import { Icon } from "~/components/ui/icons";
import { DropdownMenu } from "radix-ui";
import { useCallback, useRef, type ComponentProps } from "react";
import { Link, useFetcher, useSubmit } from "react-router";
import type { Viewer } from "~/lib/auth.server";
import { isDarkTheme, THEME_FETCHER_KEY, type Theme } from "~/lib/theme";
import { useTheme } from "~/lib/use-theme";
import { useAuthLinks } from "~/lib/use-auth-links";
import { badgeText, THEME_OPTIONS } from "./header-parts";

/*
 * The header's menus, loaded when one is first opened (site-header.tsx draws their buttons until
 * then): Radix's menu and its positioning are most of the code a page would otherwise load for them.
 * Each mounts open, as the visitor just asked.
 */

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-stone-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 dark:text-stone-100 dark:data-[highlighted]:bg-stone-800 dark:data-[highlighted]:text-white";
const menuClass =
  "z-50 min-w-56 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg dark:border-stone-700 dark:bg-stone-900";

export interface MenuProps {
  /** The button as site-header.tsx draws it: class, accessible name, title and content. */
  trigger: ComponentProps<"button">;
  /** Opened with Enter, Space or an arrow key: focus goes to the first item, as Radix does for a menu already loaded. */
  byKeyboard: boolean;
}

/** Radix focuses the menu itself on open; opened by keyboard as it loaded, it moves on to its first item (later opens are Radix's). */
function useFirstOpenFocus(byKeyboard: boolean) {
  const pending = useRef(byKeyboard);
  return useCallback((content: HTMLDivElement | null) => {
    if (!pending.current || !content) return;
    pending.current = false;
    requestAnimationFrame(() => content.querySelector<HTMLElement>('[role^="menuitem"]')?.focus());
  }, []);
}

export function AccountMenu({ viewer, pendingModeration, trigger, byKeyboard }: MenuProps & { viewer: Viewer | null; pendingModeration: number | null }) {
  const authLinks = useAuthLinks();
  const submit = useSubmit();
  const isOperator = viewer?.role === "admin" && pendingModeration !== null;
  const waiting = isOperator && pendingModeration > 0 ? pendingModeration : 0;
  const firstOpenFocus = useFirstOpenFocus(byKeyboard);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuClass} ref={firstOpenFocus}>
          {viewer ? (
            <>
              <DropdownMenu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-400">
                {viewer.name}
              </DropdownMenu.Label>
              <MenuLink to="/perfil" icon={<Icon name="user" aria-hidden className="h-4 w-4" />}>
                Meu Perfil
              </MenuLink>
              {viewer.userType === "host" ? (
                <>
                  <MenuLink to="/minhas-propriedades" icon={<Icon name="house" aria-hidden className="h-4 w-4" />}>
                    Minhas Propriedades
                  </MenuLink>
                  <MenuLink to="/minhas-propriedades/contatos" icon={<Icon name="message-circle" aria-hidden className="h-4 w-4" />}>
                    Contatos recebidos
                  </MenuLink>
                  <MenuLink to="/minhas-propriedades/desempenho" icon={<Icon name="signal" aria-hidden className="h-4 w-4" />}>
                    Desempenho
                  </MenuLink>
                  <MenuLink to="/adicionar-propriedade" icon={<Icon name="plus" aria-hidden className="h-4 w-4" />}>
                    Adicionar Propriedade
                  </MenuLink>
                  <MenuLink to="/planos" icon={<Icon name="credit-card" aria-hidden className="h-4 w-4" />}>
                    Meu Plano
                  </MenuLink>
                </>
              ) : null}
              <MenuLink to="/favoritos" icon={<Icon name="heart" aria-hidden className="h-4 w-4" />}>
                Favoritos
              </MenuLink>
              {isOperator ? (
                <MenuLink
                  to="/moderacao"
                  icon={<Icon name="shield-check" aria-hidden className="h-4 w-4" />}
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
                <MenuLink to="/moderacao" icon={<Icon name="shield-check" aria-hidden className="h-4 w-4" />}>
                  Moderação
                </MenuLink>
              ) : null}
              <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
              <DropdownMenu.Item className={itemClass} onSelect={() => void submit(null, { method: "post", action: "/sair" })}>
                <Icon name="log-out" aria-hidden className="h-4 w-4" />
                Sair
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <MenuLink to={authLinks.login} icon={<Icon name="log-in" aria-hidden className="h-4 w-4" />}>
                Entrar
              </MenuLink>
              <MenuLink to={authLinks.signUp} icon={<Icon name="user-plus" aria-hidden className="h-4 w-4" />}>
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


export function ThemeMenu({ trigger, byKeyboard }: MenuProps) {
  const firstOpenFocus = useFirstOpenFocus(byKeyboard);
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const theme = useTheme();

  function choose(next: Theme) {
    const html = document.documentElement;
    html.dataset.theme = next;
    html.classList.toggle("dark", isDarkTheme(next));
    void fetcher.submit({ theme: next }, { method: "post", action: "/tema" });
  }

  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuClass} ref={firstOpenFocus}>
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
