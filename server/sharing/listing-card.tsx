import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori, { type SatoriOptions } from "satori";
import sharp from "sharp";
import { CARD_HEIGHT, CARD_WIDTH } from "../../common/listing-card";


const PADDING = 64;

export interface ListingCardFacts {
  title: string;
  /** "Gramado - RS". */
  place: string;
  /** "R$ 450,00", formatted by the caller (common/format). */
  price: string;
  /** The cover photo, any format sharp reads; null draws the card on the brand's colour. */
  cover: Buffer | null;
}

const require = createRequire(import.meta.url);
const font = (file: string) => readFileSync(require.resolve(`@fontsource/inter/files/${file}`));
let fonts: SatoriOptions["fonts"] | null = null;
/** Inter's Latin and Latin Extended subsets (every letter of Portuguese, and of most names), read once. */
function interFonts(): SatoriOptions["fonts"] {
  fonts ??= ([400, 700] as const).flatMap((weight) =>
    ["latin", "latin-ext"].map((subset) => ({ name: "Inter", weight, style: "normal" as const, data: font(`inter-${subset}-${weight}-normal.woff`) })),
  );
  return fonts;
}

/** Emoji and the joiners around them: the card's font has none, and a missing glyph would draw as a box. */
const NO_GLYPH = /\p{Extended_Pictographic}|\u200d|\ufe0f/gu;
const printable = (text: string) => text.replace(NO_GLYPH, "").replace(/\s+/g, " ").trim();

/**
 * The words of the card, as an SVG whose text is already outlines (satori lays it out: wrapping,
 * two lines at most with an ellipsis), on a transparent background darkened towards the bottom so
 * white text reads over any photo.
 */
async function cardText({ title, place, price }: ListingCardFacts): Promise<string> {
  const element = (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: `48px ${PADDING}px 56px`,
        boxSizing: "border-box",
        color: "#ffffff",
        fontFamily: "Inter",
        backgroundImage: "linear-gradient(180deg, rgba(12,20,14,0.55) 0%, rgba(12,20,14,0) 28%, rgba(12,20,14,0) 38%, rgba(12,20,14,0.88) 100%)",
      }}
    >
      <div style={{ display: "flex", fontSize: 40, fontWeight: 700, letterSpacing: -0.5 }}>Recanto</div>
      <div style={{ display: "flex", flexDirection: "column", gap: 20, width: CARD_WIDTH - 2 * PADDING }}>
        <div style={{ display: "block", width: "100%", fontSize: 64, fontWeight: 700, lineHeight: 1.12, lineClamp: 2, letterSpacing: -1 }}>{printable(title)}</div>
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 32 }}>
          <div style={{ display: "block", flexShrink: 1, fontSize: 36, fontWeight: 400, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>{printable(place)}</div>
          <div style={{ display: "flex", alignItems: "baseline", gap: 10, flexShrink: 0, padding: "12px 28px", borderRadius: 999, backgroundColor: "#ffffff", color: "#14532d" }}>
            <span style={{ fontSize: 40, fontWeight: 700 }}>{price}</span>
            <span style={{ fontSize: 28, fontWeight: 400 }}>/ noite</span>
          </div>
        </div>
      </div>
    </div>
  );
  return satori(element, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: interFonts() });
}

/**
 * A listing's link preview: its cover cropped to 1200×630, the title, the place and the price per
 * night over it, as a JPEG of about 100 KB. Only the layout (satori, a few tens of milliseconds)
 * runs on this thread: decoding, drawing the outlines and encoding run in sharp's worker threads.
 */
export async function drawListingCard(facts: ListingCardFacts): Promise<Buffer> {
  const background = facts.cover
    ? sharp(facts.cover).rotate().resize(CARD_WIDTH, CARD_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
    : sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: "#166534" } });
  const text = Buffer.from(await cardText(facts));
  return background
    .composite([{ input: text, top: 0, left: 0 }])
    .flatten({ background: "#166534" })
    .jpeg({ quality: 82, progressive: true, optimiseCoding: true })
    .toBuffer();
}
