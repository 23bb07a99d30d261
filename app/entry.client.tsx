import { hydrate, type ContainerNode } from "preact";
import { StrictMode, type ReactNode } from "react";
import { HydratedRouter } from "react-router/dom";
import { pageHydrated } from "./components/ui/hydrate-when-seen";
import "./lib/effects-after-commit";
import "./lib/react-only-props";
import { writeScriptsInert } from "./lib/scripts-after-load";

writeScriptsInert();

/**
 * React Router's router first decodes the loader data the server sent, and suspends its first render
 * until then. React waits and hydrates; Preact, suspended at the document's root, would draw the
 * page anew. So the decoding is started and awaited first: until it is done, HydratedRouter throws
 * its pending promise before it uses any hook.
 */
async function serverDataDecoded() {
  try {
    HydratedRouter({});
  } catch (pending) {
    if (!(pending instanceof Promise)) throw pending;
    await pending;
  }
}

/**
 * The app renders <html> itself. Preact hydrates the children of the node it is given, and given
 * the document it takes <html> as that node, so it is given a stand-in whose only child is <html>.
 */
function documentAsParent(): ContainerNode {
  const html = document.documentElement;
  return {
    nodeType: 1,
    parentNode: document,
    firstChild: html,
    childNodes: [html],
    namespaceURI: html.namespaceURI,
    contains: (node: Node | null) => document.contains(node),
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
  } as unknown as ContainerNode;
}

/** Resolves once the browser has painted the server's page: hydrating is one long task, and the page shows before it. */
function firstPaint() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

await Promise.all([serverDataDecoded(), firstPaint()]);
hydrate(
  (
    <StrictMode>
      <HydratedRouter />
    </StrictMode>
  ) as ReactNode as Parameters<typeof hydrate>[0],
  documentAsParent(),
);
// After the parts that waited for their data to be decoded (React Router's <Await>), which resume within this task.
setTimeout(pageHydrated, 0);
