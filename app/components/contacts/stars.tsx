import { Icon } from "~/components/ui/icons";

/** A rating of 1 to 5 as stars, read as "Nota 4 de 5". */
export function Stars({ value, className = "" }: { value: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-0.5 ${className}`} role="img" aria-label={`Nota ${value} de 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Icon key={star} name="star" aria-hidden className={`size-4 ${star <= value ? "fill-current text-amber-600 dark:text-amber-400" : "text-stone-400 dark:text-stone-500"}`} />
      ))}
    </span>
  );
}
