import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(".") });

/** The messages of the layer rule for `code` as if it were the file at `file`. */
async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return result!.messages.filter((m) => m.ruleId === "layers/direction").map((m) => m.message);
}

describe("lint keeps the layers pointing one way", () => {
  it("refuses common/ importing app/ or server/, through aliases or relative paths", async () => {
    expect(await layerErrors("common/format.ts", 'import { x } from "~/lib/form";\nexport const y = x;\n')).toHaveLength(1);
    expect(await layerErrors("common/validation/accounts.ts", 'import { db } from "../../server/db/client";\nexport const y = db;\n')).toHaveLength(1);
    expect(await layerErrors("common/format.ts", 'import type { Db } from "@server/db/client";\nexport type Y = Db;\n')).toHaveLength(1);
    expect(await layerErrors("common/format.ts", 'import { z } from "zod";\nimport { PROPERTY_TYPES } from "./catalog";\nexport const y = [z, PROPERTY_TYPES];\n')).toEqual([]);
  });

  it("refuses server/ importing app/, and tells the React app from server/app.ts", async () => {
    expect(await layerErrors("server/serve.ts", 'import { toast } from "../app/lib/toast.server";\nexport const y = toast;\n')).toEqual([
      "server/ never imports app/ (the routes reach the server, not the other way).",
    ]);
    expect(await layerErrors("server/http/image-upload.ts", 'import { createApp } from "../app";\nexport const y = createApp;\n')).toEqual([]);
  });

  it("lets components take types from server/, never values", async () => {
    const file = "app/components/search/search-results.tsx";
    expect(await layerErrors(file, 'import type { SearchResult } from "@server/properties/search";\nexport type Y = SearchResult;\n')).toEqual([]);
    expect(await layerErrors(file, 'import { searchProperties } from "@server/properties/search";\nexport const y = searchProperties;\n')).toHaveLength(1);
  });

  it("keeps domain modules off the wiring and the HTTP layer", async () => {
    expect(await layerErrors("server/accounts/flows.ts", 'import type { Services } from "../services";\nexport type Y = Services;\n')).toHaveLength(1);
    expect(await layerErrors("server/moderation/x.ts", 'import { rateLimitMessage } from "../http/rate-limit";\nexport const y = rateLimitMessage;\n')).toHaveLength(1);
    expect(await layerErrors("server/accounts/flows.ts", 'import { grantPromotion } from "../billing/promotion";\nexport const y = grantPromotion;\n')).toEqual([]);
  });
});
