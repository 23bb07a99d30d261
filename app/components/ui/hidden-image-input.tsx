import type { Ref } from "react";
import { IMAGE_ACCEPT_ATTRIBUTE } from "@common/image-upload";

/**
 * The file picker behind a visible "choose a photo" button (which calls `click()` on it): out of
 * the keyboard's and screen readers' way, the button being what they reach. Each chosen image goes
 * to `onFile`; the field is emptied so the same file can be chosen again.
 */
export function HiddenImageInput({ ref, onFile }: { ref: Ref<HTMLInputElement>; onFile: (file: File) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_ACCEPT_ATTRIBUTE}
      tabIndex={-1}
      aria-hidden
      className="sr-only"
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = "";
        if (file) onFile(file);
      }}
    />
  );
}
