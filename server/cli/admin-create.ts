import { randomBytes } from "node:crypto";
import { validateEmail } from "../../common/validation/accounts";
import { createAccount, findUserByEmail, setRole } from "../accounts/users";
import { bootstrap } from "../bootstrap";

/** Operators must set up a second factor before moderating; whoever has the password first could (decision 015). */
const SECOND_FACTOR_NOTE = "Entre e abra /moderacao logo: a verificação em duas etapas será configurada no primeiro acesso.";

/** `admin:create EMAIL`: promotes an existing account to operator, or creates one with a one-time password. */
export async function adminCreate(args: string[]): Promise<number> {
  const email = validateEmail(args[0] ?? "");
  if (!email.ok) {
    console.error("Uso: npm run admin:create -- email@exemplo.com");
    return 2;
  }
  const services = await bootstrap({ logLevel: "warn" });
  const { db } = services.database;
  try {
    const existing = await findUserByEmail(db, email.data);
    if (existing) {
      await setRole(db, existing.id, "admin");
      console.log(`${email.data} agora é operador (admin).\n${SECOND_FACTOR_NOTE}`);
    } else {
      const password = randomBytes(12).toString("base64url");
      await createAccount(services.auth, { name: "Operador Recanto", email: email.data, password, userType: "guest", role: "admin" });
      console.log(`Conta de operador criada: ${email.data}\nSenha provisória (anote agora, ela não será mostrada de novo): ${password}\n${SECOND_FACTOR_NOTE}`);
    }
    return 0;
  } finally {
    await services.close();
  }
}
