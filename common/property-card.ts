/** The shapes of a listing as pages show it, shared by the queries that fill them and the components that draw them. */

export const PROPERTY_STATUSES = ["pending", "approved", "rejected", "reported"] as const;
/**
 * Moderation: new and edited listings wait as pending; only approved (and active) ones are public;
 * an approved listing reported by enough accounts waits hidden as reported until an operator decides.
 */
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** A stored photo: every served variant (widths, WebP and JPEG) derives from its key. */
export interface StoredImage {
  storageKey: string;
  width: number;
  height: number;
  alt: string;
}

/** A card in any list of listings (home, categories, favourites, the moderation queue). */
export interface PropertyCardData {
  id: string;
  slug: string;
  title: string;
  location: string;
  propertyType: string;
  priceCents: number;
  /**
   * The price per night as shown ("R$ 450,00"), formatted on the server: the first money format on
   * a phone loads the locale's data, tens of milliseconds in the middle of the page's hydration.
   */
  price: string;
  /** Its published reviews as shown, formatted on the server as `price` is; null before the first (the card says "Novo"). */
  rating: CardRating | null;
  cover: StoredImage | null;
  /** The host's badges in one line ("Identidade verificada · Cadastur"), or null. */
  badges: string | null;
}

/** A listing's reviews on its card: "4,8" and "12" beside a star, read aloud as `label` ("Nota 4,8 de 5, 12 avaliações"). */
export interface CardRating {
  average: string;
  count: string;
  label: string;
}

/** A card on the host's own list (/minhas-propriedades). */
export interface HostPropertyCardData extends PropertyCardData {
  amenities: string[];
  isActive: boolean;
  status: PropertyStatus;
  rejectionReason: string | null;
  imageCount: number;
}
