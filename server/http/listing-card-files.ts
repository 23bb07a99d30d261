import type express from "express";
import { imageUrl, LARGEST_IMAGE_WIDTH } from "../../common/media";
import type { Services } from "../services";
import { listingCardFile, publicListingCard } from "../sharing/listing-cards";
import { sendStoredFile } from "./stored-files";

/** A public listing's link preview, by the hash of what its page shows (listingCardPath). */
export const LISTING_CARD_PATH = "/og/:listing/:file";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CARD_FILE = /^([0-9a-f]{16})\.jpg$/;

/** While a listing's card is not drawn yet (or is being drawn again), its cover photo stands in, briefly cached. */
const STAND_IN_CACHE_CONTROL = "public, max-age=60";

/**
 * The card a page names: once drawn for what the page shows, the stored file, cached for good (a
 * change gives the page another address); until then the cover photo. 404 for anything else.
 */
export function listingCardHandler({ database, storage, logger }: Services): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const listing = String(req.params.listing);
      const hash = CARD_FILE.exec(String(req.params.file))?.[1];
      const found = hash && UUID.test(listing) ? await publicListingCard(database.db, listing) : null;
      if (found?.storageKey && found.factsHash === hash) return await sendStoredFile(storage, listingCardFile(found.storageKey), req, res, logger);
      if (!found?.coverKey) return void res.status(404).end();
      res.setHeader("Cache-Control", STAND_IN_CACHE_CONTROL);
      res.redirect(302, imageUrl(found.coverKey, LARGEST_IMAGE_WIDTH, "jpeg"));
    } catch (err) {
      next(err);
    }
  };
}
