/** How long each text field may be: one place for the browser's maxLength and the server's checks. */
export const LIMITS = {
  name: 100,
  /** RFC 5321's practical maximum for an address. */
  email: 254,
  password: 128,
  /** "City - UF" on profiles and listings. */
  location: 100,
  bio: 500,
  title: 100,
  description: 5000,
  /** A listing's other house rules, and its cancellation policy's details. */
  otherRules: 1000,
  cancellationNotes: 1000,
  /** Free text in the search boxes. */
  search: 100,
  /** A phone as typed with its mask: "(11) 98765-4321". */
  phoneTyped: 15,
} as const;

export const PASSWORD_MIN = 6;

/** Letters typed in a location field before cities are suggested. */
export const MIN_CITY_QUERY_LENGTH = 2;
