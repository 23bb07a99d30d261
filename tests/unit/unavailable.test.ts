import { describe, expect, it } from "vitest";
import { DependencyUnavailable, unavailableDependency } from "../../server/unavailable";

/** The shapes node-postgres, Drizzle and better-auth give a database outage, and errors that are not one. */
const pgError = (code: string, message = "erro") => Object.assign(new Error(message), { code, severity: "FATAL" });
const network = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("telling a dependency's outage from a bug", () => {
  it("reads node-postgres's lost, refused and timed-out connections as the database being unavailable, also wrapped", () => {
    for (const err of [
      network("ECONNREFUSED"),
      network("ECONNRESET"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P03", "the database system is starting up"),
      pgError("53300", "sorry, too many clients already"),
      pgError("57014", "canceling statement due to statement timeout"),
      pgError("08006"),
    ]) {
      expect(unavailableDependency(err), err.message).toBe("database");
      expect(unavailableDependency(wrapped(wrapped(err))), err.message).toBe("database");
    }
  });

  it("keeps what the adapters marked, and reads every other error as a bug", () => {
    expect(unavailableDependency(new DependencyUnavailable("storage", new Error("socket hang up")))).toBe("storage");
    expect(unavailableDependency(wrapped(new DependencyUnavailable("storage", null)))).toBe("storage");
    for (const err of [
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("22P02", "invalid input syntax for type uuid"),
      new TypeError("Cannot read properties of undefined"),
      wrapped(new RangeError("Invalid time value")),
      "texto",
      null,
    ]) {
      expect(unavailableDependency(err)).toBeNull();
    }
  });
});
