/** A listing's link preview (og:image): the size WhatsApp, Facebook and X show large (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
