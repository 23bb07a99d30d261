import { createAccount, hasUsers } from "../accounts/users";
import type { Services } from "../services";

export const DEMO_PASSWORD = "recanto123";

export const DEMO_ACCOUNTS = [
  { name: "Ana Anfitriã", email: "anfitriao@recanto.dev", userType: "host", phone: "5511987654321", role: "user" },
  { name: "Hugo Hóspede", email: "hospede@recanto.dev", userType: "guest", phone: "5521987654321", role: "user" },
  { name: "Olga Operadora", email: "admin@recanto.dev", userType: "guest", phone: "", role: "admin" },
] as const;

/** Seeds demo accounts on the first start of an empty database. */
export async function seedDemoData(services: Services): Promise<boolean> {
  if (await hasUsers(services.database.db)) return false;
  for (const account of DEMO_ACCOUNTS) {
    await createAccount(services.auth, { ...account, password: DEMO_PASSWORD });
  }
  services.logger.info({ accounts: DEMO_ACCOUNTS.map((a) => a.email) }, "demo data seeded");
  return true;
}
