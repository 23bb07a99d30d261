import { Monitor, Moon, Sun } from "~/components/ui/icons";
import type { Theme } from "~/lib/theme";

/** What the header's buttons (site-header.tsx) and their menus (header-menus.tsx) both show. */
export const THEME_OPTIONS: { value: Theme; label: string; icon: React.ReactNode }[] = [
  { value: "light", label: "Claro", icon: <Sun aria-hidden className="h-4 w-4" /> },
  { value: "dark", label: "Escuro", icon: <Moon aria-hidden className="h-4 w-4" /> },
  { value: "system", label: "Sistema", icon: <Monitor aria-hidden className="h-4 w-4" /> },
];

export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));
