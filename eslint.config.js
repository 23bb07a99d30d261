import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import layers from "./eslint/layers.js";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "server/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, layers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "layers/direction": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // Through the index every icon looks reached by whoever imports one (docs/decisions/020-first-load-javascript.md).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "lucide-react", message: 'Import each icon from its own file: import Heart from "lucide-react/icons/heart".', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
