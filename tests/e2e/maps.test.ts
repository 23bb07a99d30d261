import fs from "node:fs/promises";
import { and, eq, sql } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { distanceKm } from "../../common/places";
import { parseCategoryQuery } from "../../common/property-query";
import { properties, publicProperty, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots-map";
const HOST = "anfitriao@recanto.dev";
const CATEGORY = "/category/chales";
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasChromium)("maps in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  /** Every request a test's browser made to a host other than this machine (none may be made). */
  const outside: string[] = [];

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  /** A context that refuses (and notes) any request leaving 127.0.0.1: tiles come from the local stand-in. */
  async function newContext(options: Parameters<typeof t.browser.newContext>[0] = {}): Promise<BrowserContext> {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: WIDE, ...options });
    await context.route(
      (url) => url.protocol.startsWith("http") && url.hostname !== "127.0.0.1",
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    return context;
  }

  const db = () => t.app.services.database.db;
  const mapRegion = (page: Page) => page.getByRole("region", { name: "Mapa dos resultados" });
  const cardTitles = (page: Page) => page.locator("[data-results-for] article h3").allInnerTexts();

  async function openResults(page: Page, path: string) {
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
    await page.locator(`[data-results-for]`).waitFor();
  }

  /** Opens the map and waits for its markers. */
  async function showMap(page: Page) {
    await page.getByRole("button", { name: "Mapa", exact: true }).click();
    await mapRegion(page).locator(".map-marker").first().waitFor();
  }

  /** The map's markers: listings by their accessible name, and how many listings the clusters hold. */
  async function markers(page: Page) {
    return page.evaluate(() => {
      const region = document.querySelector('[aria-label="Mapa dos resultados"]')!;
      const listings = [...region.querySelectorAll(".map-price")].map((m) => m.getAttribute("aria-label")!);
      const clustered = [...region.querySelectorAll(".map-cluster")].reduce((n, m) => n + Number(m.getAttribute("data-cluster")), 0);
      return { listings, clustered };
    });
  }

  const mapCodeLoaded = (requests: string[]) => requests.some((url) => /\/assets\/(results-map|base-map)-/.test(url));

  it("shows the same listings as the list, and loads the map's code only when the map is opened", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await openResults(page, CATEGORY);
    expect(mapCodeLoaded(scripts), "the list page alone loads no map code").toBe(false);
    const tilesBefore = t.app.tiles.requests.length;

    await showMap(page);
    expect(mapCodeLoaded(scripts)).toBe(true);
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(3);
    const { listings, clustered } = await markers(page);
    expect(listings.length + clustered).toBe(titles.length);
    for (const name of listings) expect(titles).toContain(name.replace(/, R\$\s.* por noite$/, ""));
    expect(listings.every((name) => /, R\$\s[\d.]+,\d\d por noite$/.test(name))).toBe(true);
    // From 1024px the list stays beside the map.
    await expect.poll(() => page.locator("[data-results-for] article").first().isVisible()).toBe(true);
    await expect.poll(() => t.app.tiles.requests.length).toBeGreaterThan(tilesBefore);
    await page.screenshot({ path: `${SHOTS}/results-map-1280-light.png` });

    // Zoomed into a cluster, its listings come apart.
    if (clustered > 0) {
      await mapRegion(page).scrollIntoViewIfNeeded();
      const cluster = mapRegion(page).locator(".map-cluster").first();
      const size = Number(await cluster.getAttribute("data-cluster"));
      await cluster.click();
      const newlyShown = async () => (await markers(page)).listings.filter((name) => !listings.includes(name)).length;
      await expect.poll(newlyShown, { timeout: 5000 }).toBeGreaterThanOrEqual(size);
      await page.screenshot({ path: `${SHOTS}/results-cluster-opened-1280-light.png` });
    }
    expect(outside).toEqual([]);
    await context.close();
  });

  it("'Buscar nesta área' after a drag lists the listings inside the visible box", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openResults(page, CATEGORY);
    await showMap(page);
    expect(await page.getByRole("button", { name: "Buscar nesta área" }).count()).toBe(0);

    // Grabbed where no marker is (a marker takes the press for itself).
    await mapRegion(page).scrollIntoViewIfNeeded();
    const { x, y } = await page.evaluate(() => {
      const box = document.querySelector('[aria-label="Mapa dos resultados"]')!.getBoundingClientRect();
      for (const fx of [0.5, 0.7, 0.3, 0.6, 0.4]) {
        for (const fy of [0.5, 0.7, 0.3, 0.6, 0.4]) {
          const point = { x: box.left + box.width * fx, y: box.top + box.height * fy };
          if (!document.elementFromPoint(point.x, point.y)?.closest(".map-marker, .leaflet-control")) return point;
        }
      }
      throw new Error("no free spot on the map");
    });
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 80, y - 60, { steps: 8 });
    await page.mouse.move(x - 160, y - 120, { steps: 8 });
    await page.mouse.up();
    await page.getByRole("button", { name: "Buscar nesta área" }).click();
    await page.waitForURL((url) => url.searchParams.has("area"));
    await page.locator(`[data-results-for^="${CATEGORY}?area="]`).waitFor();

    const area = parseCategoryQuery(new URL(page.url()).searchParams).area!;
    expect(area).not.toBeNull();
    const inBox = await db()
      .select({ title: properties.title })
      .from(properties)
      .where(
        and(
          publicProperty,
          eq(properties.propertyType, "Chalé"),
          sql`${properties.publicPoint} <@ box(point(${area.west}, ${area.south}), point(${area.east}, ${area.north}))`,
        ),
      );
    expect(inBox.length).toBeGreaterThan(0);
    const titles = await cardTitles(page);
    expect(titles.length).toBe(Math.min(inBox.length, 12));
    for (const title of titles) expect(inBox.map((row) => row.title)).toContain(title);
    // The map shows the box's listings, and stays where the guest left it.
    await expect.poll(async () => {
      const { listings, clustered } = await markers(page);
      return listings.length + clustered;
    }).toBe(titles.length);
    expect(await page.getByRole("button", { name: "Buscar nesta área" }).count()).toBe(0);
    expect(outside).toEqual([]);
    await context.close();
  });

  it("walks the map view with the keyboard only: toggle, pan, markers, popups, 'Buscar nesta área', a listing", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openResults(page, CATEGORY);
    const active = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return { text: el?.innerText?.trim() ?? "", label: el?.getAttribute("aria-label") ?? "", classes: el?.className?.toString() ?? "", tag: el?.tagName ?? "" };
      });
    /** Tabs until `found` holds for the focused element (at most `limit` presses). */
    async function tabTo(found: (el: Awaited<ReturnType<typeof active>>) => boolean, limit = 150) {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press("Tab");
        if (found(await active())) return;
      }
      throw new Error(`not reached with Tab: last focus ${JSON.stringify(await active())}`);
    }

    /** Tabs to a listing's marker; a cluster on the way is opened with Enter (the map zooms, focus stays on it). */
    async function tabToListingMarker() {
      for (let opened = 0; opened < 5; opened++) {
        await tabTo((el) => el.classes.includes("map-marker"));
        const marker = await active();
        if (marker.classes.includes("map-price")) return marker;
        expect(marker.label).toMatch(/^\d+ acomodações aqui: aproximar o mapa$/);
        await page.keyboard.press("Enter");
        await expect.poll(async () => (await active()).classes).toContain("leaflet-container");
        await page.waitForTimeout(400); // the zoom's animation
      }
      throw new Error("no listing marker reached");
    }

    await tabTo((el) => el.tag === "BUTTON" && el.text === "Mapa");
    await page.keyboard.press("Enter");
    await mapRegion(page).locator(".map-marker").first().waitFor();

    await tabTo((el) => el.classes.includes("leaflet-container"));
    await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: "Buscar nesta área" }).waitFor();

    const marker = await tabToListingMarker();
    expect(marker.label).toMatch(/, R\$\s.* por noite$/);
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await active()).tag).toBe("A");
    const link = await active();
    expect(marker.label.startsWith(`${link.text},`)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(async () => (await active()).label).toBe(marker.label);

    await tabTo((el) => el.tag === "BUTTON" && el.text === "Buscar nesta área");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.has("area"));
    await page.locator(`[data-results-for^="${CATEGORY}?area="]`).waitFor();
    await expect.poll(async () => (await active()).classes).toContain("leaflet-container");

    await tabToListingMarker();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await active()).tag).toBe("A");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/accommodation/"));
    // The listing's "Voltar" returns to the list shown when the popup opened (the area's), not the first one.
    expect(new URL(page.url()).searchParams.get("from")).toMatch(new RegExp(`^${CATEGORY}\\?area=`));
    expect(outside).toEqual([]);
    await context.close();
  });

  /** A demo listing shown as an approximate area, with its pin. */
  async function approximateListing() {
    const [row] = await db()
      .select({ id: properties.id, slug: properties.slug, latitude: properties.latitude, longitude: properties.longitude, hostId: properties.hostId })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(and(publicProperty, eq(properties.showExactLocation, false), eq(users.email, HOST), sql`${properties.latitude} IS NOT NULL`))
      .orderBy(properties.slug)
      .limit(1);
    return row!;
  }

  it("the detail page shows the approximate area, and neither its HTML nor its data carries the host's pin", async () => {
    const listing = await approximateListing();
    for (const path of [`/accommodation/${listing.slug}`, `/accommodation/${listing.slug}.data`]) {
      const body = await (await fetch(`${t.app.url}${path}`)).text();
      expect(body.length).toBeGreaterThan(500);
      expect(body).not.toContain(String(listing.latitude));
      expect(body).not.toContain(String(listing.longitude));
      expect(body).not.toContain(listing.latitude!.toFixed(5));
      expect(body).not.toContain(listing.longitude!.toFixed(5));
    }
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Localização aproximada" }).waitFor();
    const map = page.getByRole("region", { name: "Mapa: localização aproximada" });
    await map.scrollIntoViewIfNeeded();
    await map.locator(".leaflet-overlay-pane path").waitFor();
    expect(await map.locator(".map-pin").count()).toBe(0);
    expect(outside).toEqual([]);
    await context.close();
  });

  it("a host drags the pin and saves: the pin is stored, and the public position is within about 1 km of it but not on it", async () => {
    const listing = await approximateListing();
    const context = await newContext();
    const page = await context.newPage();
    await loginViaForm(page, t.app, HOST, DEMO_PASSWORD);
    await page.goto(`${t.app.url}/editar-propriedade/${listing.id}`);
    await waitForHydration(page);
    const map = page.getByRole("region", { name: "Mapa para marcar a propriedade" });
    const pin = map.getByRole("button", { name: /Ponto da propriedade/ });
    await pin.waitFor();
    const inputs = () => page.evaluate(() => [document.querySelector<HTMLInputElement>('input[name="latitude"]')!.value, document.querySelector<HTMLInputElement>('input[name="longitude"]')!.value].map(Number));
    // The edit form starts from the stored pin.
    const [startLat, startLng] = await inputs();
    expect(startLat).toBeCloseTo(listing.latitude!, 5);
    expect(startLng).toBeCloseTo(listing.longitude!, 5);

    await pin.scrollIntoViewIfNeeded();
    const at = (await pin.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + 60, at.y + 30, { steps: 6 });
    await page.mouse.move(at.x + 120, at.y + 70, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await inputs())[0]).not.toBe(startLat);
    const [lat, lng] = (await inputs()) as [number, number];
    expect(distanceKm({ lat, lng }, { lat: startLat!, lng: startLng! })).toBeGreaterThan(0.05);

    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await page.waitForURL((url) => url.pathname === "/minhas-propriedades");
    const [stored] = await db()
      .select({ latitude: properties.latitude, longitude: properties.longitude, point: properties.publicPoint })
      .from(properties)
      .where(eq(properties.id, listing.id));
    expect(stored!.latitude).toBeCloseTo(lat, 6);
    expect(stored!.longitude).toBeCloseTo(lng, 6);
    const shown = { lat: stored!.point!.y, lng: stored!.point!.x };
    const offset = distanceKm(shown, { lat, lng });
    expect(offset).toBeGreaterThan(0.2);
    expect(offset).toBeLessThan(1.05);
    expect(outside).toEqual([]);
    await context.close();
  });

  describe("accessibility and looks", () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [WIDE, PHONE]) {
        const name = `${viewport.width}-${colorScheme}`;
        it(`is axe clean on the map views at ${name}`, async () => {
          const context = await newContext({ colorScheme, viewport });
          const page = await context.newPage();
          await openResults(page, CATEGORY);
          await showMap(page);
          await page.locator(".leaflet-tile-loaded").first().waitFor();
          await expectAccessible(page);
          await page.screenshot({ path: `${SHOTS}/results-map-${name}.png` });
          while ((await mapRegion(page).locator(".map-price").count()) === 0) {
            await mapRegion(page).locator(".map-cluster").first().click();
            await page.waitForTimeout(400); // the zoom's animation
          }
          await mapRegion(page).locator(".map-price").first().click();
          await page.locator(".map-popup a").waitFor();
          await expectAccessible(page);
          await page.screenshot({ path: `${SHOTS}/results-popup-${name}.png` });

          const listing = await approximateListing();
          await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
          await waitForHydration(page);
          const area = page.getByRole("region", { name: "Mapa: localização aproximada" });
          await area.scrollIntoViewIfNeeded();
          await area.locator(".leaflet-tile-loaded").first().waitFor();
          await expectAccessible(page);
          await page.screenshot({ path: `${SHOTS}/detail-map-${name}.png` });

          await loginViaForm(page, t.app, HOST, DEMO_PASSWORD);
          await page.goto(`${t.app.url}/editar-propriedade/${listing.id}`);
          await waitForHydration(page);
          const picker = page.getByRole("region", { name: "Mapa para marcar a propriedade" });
          await picker.locator(".leaflet-tile-loaded").first().waitFor();
          await expectAccessible(page);
          await picker.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/form-pin-${name}.png` });
          expect(outside).toEqual([]);
          await context.close();
        });
      }
    }
  });
});
