import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { scriptsWrittenInert } from "../../app/lib/scripts-after-load.server";

/** The pieces the stream lets out, as text. */
function piecesOf(stream: ReturnType<typeof scriptsWrittenInert>) {
  const pieces: string[] = [];
  stream.on("data", (piece: Buffer | string) => pieces.push(String(piece)));
  return pieces;
}

describe("the document's stream, with React Router's scripts written inert", () => {
  it("rewrites the module preloads and the module script, even when a tag is cut between two writes", async () => {
    const stream = scriptsWrittenInert();
    const pieces = piecesOf(stream);
    for (const chunk of ['<head><link rel="module', 'preload" href="/assets/a.js"/>', '<script nonce="n" type="module" async="">import("/a.js")</script></head>']) stream.write(chunk);
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces.join("")).toBe('<head><template data-modulepreload="/assets/a.js"></template><script nonce="n" type="text/x-deferred-module">import("/a.js")</script></head>');
  });

  it("lets out what one turn of the event loop wrote as one piece, at the end of that turn", async () => {
    const stream = scriptsWrittenInert();
    const pieces = piecesOf(stream);
    for (let i = 0; i < 50; i++) stream.write(`<p>${i}</p>`);
    expect(pieces).toEqual([]);
    await nextTurn();
    expect(pieces).toEqual([Array.from({ length: 50 }, (_, i) => `<p>${i}</p>`).join("")]);
  });

  it("holds nothing back past its turn: a part written later leaves in a piece of its own, and the end lets out the rest", async () => {
    const stream = scriptsWrittenInert();
    const pieces = piecesOf(stream);
    stream.write("<body>shell");
    await nextTurn();
    stream.write("<div>part drawn later</div>");
    await nextTurn();
    stream.write("</body>");
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces).toEqual(["<body>shell", "<div>part drawn later</div>", "</body>"]);
  });
});
