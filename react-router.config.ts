import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel work trees build and test without overwriting each other's build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
