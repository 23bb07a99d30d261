import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { createProperty, type NewImage, type NewProperty } from "../../server/properties/properties";

/** A host row inserted directly (no password): enough to own properties. */
export async function insertHost(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = randomUUID();
  const [row] = await db
    .insert(users)
    .values({ id, name: "Anfitriã de Teste", email: `host-${id}@example.com`, userType: "host", emailVerified: true, ...overrides })
    .returning();
  return row!;
}

export const BASE_PROPERTY: NewProperty = {
  title: "Cabana de teste",
  description: "Uma cabana simples para testes automatizados.",
  propertyType: "Cabana",
  location: "Campos do Jordão - SP",
  priceCents: 30000,
  maxGuests: 2,
  bedrooms: 1,
  bathrooms: 1,
  amenities: [],
  safetyItems: [],
  whatsappContact: "5511900000001",
  status: "approved",
};

export function testImages(count: number, prefix = "test/img"): NewImage[] {
  return Array.from({ length: count }, (_, i) => ({ storageKey: `${prefix}-${i + 1}`, width: 1200, height: 800, alt: `Foto ${i + 1}` }));
}

export function insertProperty(db: Db, hostId: string, overrides: Partial<NewProperty> = {}, images: NewImage[] = testImages(1)) {
  return createProperty(db, hostId, { ...BASE_PROPERTY, ...overrides }, images);
}

/** `count` properties, the nth with `fieldsOf(n)` and no image, inserted a hundred at a time. */
export async function insertManyProperties(db: Db, hostId: string, count: number, fieldsOf: (n: number) => Partial<NewProperty>) {
  for (let i = 0; i < count; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => insertProperty(db, hostId, fieldsOf(i + k), [])));
  }
}
