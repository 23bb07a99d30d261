/** The account types offered at sign-up (the form's options and the schema's accepted values). */
export const USER_TYPES = [
  { value: "guest", label: "Cliente - Quero reservar" },
  { value: "host", label: "Anfitrião - Quero anunciar" },
] as const;
export type UserType = (typeof USER_TYPES)[number]["value"];
