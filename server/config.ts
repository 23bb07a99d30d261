import { z } from "zod";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: z.url().default("http://localhost:3000"),
  /** Secret that signs session cookies and tokens. Required in production. */
  AUTH_SECRET: z.string().min(32).optional(),
  DATA_DIR: z.string().default("./data"),
  /** PostgreSQL connection string. When absent the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  /** SMTP connection string, e.g. smtp://user:pass@host:587. When absent, mail goes to DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Recanto <nao-responda@recanto.local>"),
  /** Redis for rate limits shared by several processes. When absent, limits live in the process. */
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Number of proxies in front of the app (for the client IP used by rate limits). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof schema> & { authSecret: string; secureCookies: boolean };

const DEV_SECRET = "recanto-development-secret-do-not-use-in-production";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.AUTH_SECRET && c.BASE_URL.startsWith("https://")) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET: required when BASE_URL is https (production)");
  }
  return {
    ...c,
    authSecret: c.AUTH_SECRET ?? DEV_SECRET,
    secureCookies: c.BASE_URL.startsWith("https://"),
  };
}
