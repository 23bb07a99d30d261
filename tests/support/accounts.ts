import { expect } from "vitest";
import { Client } from "./http";

/** Signs up through the real /cadastro form (password "segredo123") and returns the signed-in client. */
export async function signUpViaForm(url: string, email: string, userType: "guest" | "host", name = `Pessoa ${email.split("@")[0]}`) {
  const client = new Client(url);
  const res = await client.post("/cadastro", {
    name,
    email,
    phone: "(48) 99123-4567",
    userType,
    password: "segredo123",
    confirmPassword: "segredo123",
    terms: "on",
  });
  expect(res.status).toBe(302);
  return client;
}
