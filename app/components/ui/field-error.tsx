import type { ReactNode } from "react";

/** A field's error, announced when it appears. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
