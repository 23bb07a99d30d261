/** A form's main button, full width. Its own module, so that a page using only this (the listing's contact card) loads nothing of field.tsx. */
export const primaryButton =
  "inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
