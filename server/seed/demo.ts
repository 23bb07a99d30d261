import { PROPERTY_TYPES } from "../../common/catalog";
import { createAccount, hasUsers } from "../accounts/users";
import { grantPromotion } from "../billing/promotion";
import { LOCKS } from "../db/client";
import { createProperty, type NewProperty } from "../properties/properties";
import type { Services } from "../services";
import { demoCatalogue } from "./demo-catalog";
import { ensureDemoImages, IMAGES_PER_TYPE, type DemoImage } from "./demo-images";

export const DEMO_PASSWORD = "recanto123";

/** Demo phone numbers are fictitious (the 9 0000-00xx range). */
export const DEMO_ACCOUNTS = [
  { name: "Ana Anfitriã", email: "anfitriao@recanto.dev", userType: "host", phone: "5511900000001", role: "user" },
  { name: "Bruno Serrano", email: "bruno@recanto.dev", userType: "host", phone: "5548900000002", role: "user" },
  { name: "Carla Litoral", email: "carla@recanto.dev", userType: "host", phone: "5582900000003", role: "user" },
  { name: "Hugo Hóspede", email: "hospede@recanto.dev", userType: "guest", phone: "5521900000004", role: "user" },
  // No second factor: the first visit to /moderacao asks for one to be set up (decision 015).
  { name: "Olga Operadora", email: "admin@recanto.dev", userType: "guest", phone: "", role: "admin" },
] as const;

const HOUR = 3_600_000;

/** The alt text names the property and says the picture is an illustration. */
export function demoImagesFor(pool: DemoImage[], property: Pick<NewProperty, "title">, index: number) {
  const count = 3 + ((index * 5) % 6); // 3 to 8
  return Array.from({ length: count }, (_, i) => ({
    ...pool[(index + i) % IMAGES_PER_TYPE]!,
    alt: `${property.title}: ilustração ${i + 1} (demonstração)`,
  }));
}

/**
 * Seeds demo accounts and the demo catalogue on the first start of an empty database. Processes
 * starting together take turns: the first seeds, the others then find the accounts and skip.
 */
export function seedDemoData(services: Services): Promise<boolean> {
  return services.database.exclusively(LOCKS.demoSeed, () => seedEmptyDatabase(services));
}

async function seedEmptyDatabase(services: Services): Promise<boolean> {
  if (await hasUsers(services.database.db)) return false;
  const hosts: { id: string; phone: string }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await createAccount(services.auth, { ...account, password: DEMO_PASSWORD });
    if (account.userType === "host") {
      hosts.push({ id: user.id, phone: account.phone });
      await grantPromotion(services.database.db, user.id, new Date());
    }
  }
  const pool = await ensureDemoImages(services.storage);
  const catalogue = demoCatalogue(hosts.map((h) => h.phone));
  const now = Date.now();
  for (const [i, property] of catalogue.entries()) {
    const host = hosts.find((h) => h.phone === property.whatsappContact)!;
    // Spread over recent weeks, types interleaved, so "newest" mixes the catalogue.
    const createdAt = new Date(now - ((i % PROPERTY_TYPES.length) * 4 + Math.floor(i / PROPERTY_TYPES.length)) * 7 * HOUR);
    await createProperty(services.database.db, host.id, { ...property, createdAt }, demoImagesFor(pool[property.propertyType], property, i));
  }
  services.logger.info({ accounts: DEMO_ACCOUNTS.map((a) => a.email), properties: catalogue.length }, "demo data seeded");
  return true;
}
