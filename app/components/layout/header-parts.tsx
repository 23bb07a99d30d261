import { Icon } from "~/components/ui/icons";
import type { Theme } from "~/lib/theme";

/** What the header's buttons (site-header.tsx) and their menus (header-menus.tsx) both show. */
export const THEME_OPTIONS: { value: Theme; label: string; icon: React.ReactNode }[] = [
  { value: "light", label: "Claro", icon: <Icon name="sun" aria-hidden className="h-4 w-4" /> },
  { value: "dark", label: "Escuro", icon: <Icon name="moon" aria-hidden className="h-4 w-4" /> },
  { value: "system", label: "Sistema", icon: <Icon name="monitor" aria-hidden className="h-4 w-4" /> },
];

export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));
