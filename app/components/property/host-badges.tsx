import { BADGE_TEXTS } from "@common/host-badges";
import { Icon } from "~/components/ui/icons";

/** "Identidade verificada" and "Cadastur", as the host earned them; nothing for a host without a badge. */
export function HostBadges({ host, className = "" }: { host: { verified: boolean; cadastur: boolean }; className?: string }) {
  if (!host.verified) return null;
  return (
    <ul aria-label="Selos do anfitrião" className={`flex flex-wrap gap-2 ${className}`}>
      {[BADGE_TEXTS.identity, ...(host.cadastur ? [BADGE_TEXTS.cadastur] : [])].map((text) => (
        <li key={text} className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-1 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          <Icon name="shield-check" aria-hidden className="size-4" />
          {text}
        </li>
      ))}
    </ul>
  );
}
