import { randomBytes } from "node:crypto";
import { validateEmail } from "../common/validation/accounts";
import { createAccount, findUserByEmail, setRole } from "../server/accounts/users";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";

const email = validateEmail(process.argv[2] ?? "");
if (!email.ok) {
  console.error("Uso: npm run admin:create -- email@exemplo.com");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const services = createServices(config, database, createLogger("warn"));
try {
  const existing = await findUserByEmail(database.db, email.data);
  if (existing) {
    await setRole(database.db, existing.id, "admin");
    console.log(`${email.data} agora é operador (admin).`);
  } else {
    const password = randomBytes(12).toString("base64url");
    await createAccount(services.auth, { name: "Operador Recanto", email: email.data, password, userType: "guest", role: "admin" });
    console.log(`Conta de operador criada: ${email.data}\nSenha provisória (anote agora, ela não será mostrada de novo): ${password}`);
  }
} finally {
  await services.close();
}
