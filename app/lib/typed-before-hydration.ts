import { useLayoutEffect } from "react";

/**
 * A controlled field drawn by the server adopts what the visitor typed into it before the page
 * hydrated: no change event reached the page then, and the next render would set the field back to
 * the state's value, erasing it. Runs once, right after hydration.
 */
export function useTypedBeforeHydration(field: () => HTMLInputElement | null | undefined, value: string, adopt: (typed: string) => void) {
  useLayoutEffect(() => {
    const typed = field()?.value;
    if (typed !== undefined && typed !== value) adopt(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the markup the page hydrated
  }, []);
}
