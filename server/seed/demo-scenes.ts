/**
 * Illustrations for demo listings: no stock photos can be shipped or downloaded, so each image is
 * a drawn landscape (sky, sun, hills or water, trees) with the silhouette of the property type,
 * labelled as an illustration. Deterministic: the same type and number always give the same SVG.
 */
import type { PropertyType } from "../../common/catalog";
import { seededRandom } from "./random";

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;
export const DEMO_LABEL = "Imagem ilustrativa · anúncio de demonstração";
/**
 * Where the label's dark band lies in the scene: centred at the bottom, inside every crop pages make
 * of the picture (a listing's main photo is 4:3 on phones and down to about 6:7 at 768px; the grid's
 * thumbnails are square), so no page cuts it.
 */
const LABEL_WIDTH = 580;
export const DEMO_LABEL_BOX = { x: (SCENE_WIDTH - LABEL_WIDTH) / 2, y: SCENE_HEIGHT - 56, width: LABEL_WIDTH, height: 40 };

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  ground: string;
  water: string;
  structure: string;
  window: string;
}

const PALETTES: Palette[] = [
  // manhã
  { skyTop: "#7fb8e6", skyBottom: "#e3f1fb", sun: "#fff6cf", far: "#8fb3a0", near: "#5f8f6a", ground: "#3f6b47", water: "#4f8fbf", structure: "#3b2f2a", window: "#f4d27a" },
  // entardecer
  { skyTop: "#f08a5d", skyBottom: "#fbd38d", sun: "#fff1c1", far: "#b0735f", near: "#7a5140", ground: "#4a3426", water: "#d98b62", structure: "#2b1d17", window: "#ffd27d" },
  // crepúsculo
  { skyTop: "#2d3561", skyBottom: "#c05c7e", sun: "#f3c892", far: "#4b4a7a", near: "#33345a", ground: "#1f2140", water: "#5a5c91", structure: "#14142b", window: "#ffcf6e" },
  // neblina na serra
  { skyTop: "#b8c6cf", skyBottom: "#eef2f3", sun: "#ffffff", far: "#a3b5ae", near: "#7d998c", ground: "#58776a", water: "#8fb1c0", structure: "#34403b", window: "#f1d58a" },
  // meio-dia tropical
  { skyTop: "#3d9be0", skyBottom: "#bfe6ff", sun: "#fffbe0", far: "#6fb38a", near: "#3f9160", ground: "#2f7048", water: "#2aa3c9", structure: "#402c22", window: "#f7e08f" },
  // outono
  { skyTop: "#9fb7d4", skyBottom: "#f6e7cb", sun: "#fff4d6", far: "#c49a6c", near: "#a86b3c", ground: "#6e4a2a", water: "#7aa3b8", structure: "#2e231c", window: "#f9d77e" },
];

type Backdrop = "hills" | "lake" | "sea";

const BACKDROP: Partial<Record<PropertyType, Backdrop>> = {
  "Casa na Praia": "sea",
  Barco: "sea",
  "Casas Barco": "lake",
  Moinho: "lake",
  Pousada: "lake",
};

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const f = (n: number) => n.toFixed(1);

function ridge(random: () => number, baseY: number, amplitude: number, color: string, opacity = 1): string {
  const points: string[] = [`M0 ${f(baseY)}`];
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    const x = (SCENE_WIDTH / steps) * i;
    const cx = x - SCENE_WIDTH / steps / 2;
    const cy = baseY - amplitude * (0.4 + random());
    points.push(`Q${f(cx)} ${f(cy)} ${f(x)} ${f(baseY - amplitude * 0.3 * random())}`);
  }
  points.push(`V${SCENE_HEIGHT} H0Z`);
  return `<path d="${points.join(" ")}" fill="${color}" opacity="${opacity}"/>`;
}

function pine(x: number, baseY: number, h: number, color: string): string {
  const w = h * 0.42;
  return `<path d="M${f(x)} ${f(baseY - h)} L${f(x + w / 2)} ${f(baseY - h * 0.15)} H${f(x + w * 0.08)} V${f(baseY)} H${f(x - w * 0.08)} V${f(baseY - h * 0.15)} H${f(x - w / 2)}Z" fill="${color}"/>`;
}

function palm(x: number, baseY: number, h: number, color: string): string {
  const top = baseY - h;
  const leaves = [-60, -25, 10, 40, 75]
    .map((deg) => {
      const r = (deg * Math.PI) / 180;
      const ex = x + Math.cos(r) * h * 0.45 * (deg > 0 ? 1 : -1);
      const ey = top + Math.abs(Math.sin(r)) * h * 0.25 + 20;
      return `<path d="M${f(x)} ${f(top)} Q${f((x + ex) / 2)} ${f(top - 30)} ${f(ex)} ${f(ey)}" stroke="${color}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
    })
    .join("");
  return `<path d="M${f(x - 6)} ${f(baseY)} Q${f(x + 20)} ${f(top + h / 2)} ${f(x)} ${f(top)}" stroke="${color}" stroke-width="12" fill="none"/>${leaves}`;
}

/** Silhouette of each property type, standing on the ground at (x, y), s = scale. */
function structure(type: PropertyType, x: number, y: number, s: number, c: string, w: string): string {
  const rect = (rx: number, ry: number, rw: number, rh: number, fill = c) =>
    `<rect x="${f(x + rx * s)}" y="${f(y - ry * s)}" width="${f(rw * s)}" height="${f(rh * s)}" fill="${fill}"/>`;
  const poly = (pts: [number, number][], fill = c) =>
    `<polygon points="${pts.map(([px, py]) => `${f(x + px * s)},${f(y - py * s)}`).join(" ")}" fill="${fill}"/>`;
  const win = (rx: number, ry: number, rw = 14, rh = 16) => rect(rx, ry, rw, rh, w);
  switch (type) {
    case "Cabana":
      return poly([[-90, 0], [0, 170], [90, 0]]) + poly([[-22, 0], [0, 45], [22, 0]], w) + win(-8, 110, 16, 18);
    case "Chalé":
      return rect(-80, 90, 160, 90) + poly([[-105, 80], [0, 190], [105, 80]]) + win(-50, 65) + win(36, 65) + win(-8, 140, 16, 20);
    case "Microcasa":
      return rect(-55, 70, 110, 70) + poly([[-68, 68], [0, 120], [68, 68]]) + win(-30, 50, 22, 20) + rect(20, 70, 16, 70, w);
    case "Casa na Árvore":
      return (
        rect(-12, 170, 24, 170) +
        `<ellipse cx="${f(x)}" cy="${f(y - 260 * s)}" rx="${f(120 * s)}" ry="${f(90 * s)}" fill="${c}" opacity="0.85"/>` +
        rect(-55, 200, 110, 60) + poly([[-70, 195], [0, 245], [70, 195]]) + win(-20, 185, 40, 22)
      );
    case "Moinho":
      return (
        poly([[-40, 0], [-25, 180], [25, 180], [40, 0]]) +
        `<g transform="translate(${f(x)} ${f(y - 180 * s)})">${[20, 110, 200, 290]
          .map((deg) => `<rect x="-6" y="0" width="${f(26 * s)}" height="${f(130 * s)}" fill="${c}" transform="rotate(${deg})"/>`)
          .join("")}</g>` +
        win(-8, 110)
      );
    case "Pousada":
      return rect(-170, 80, 340, 80) + poly([[-190, 78], [-150, 130], [150, 130], [190, 78]]) + [-140, -90, -40, 10, 60, 110].map((wx) => win(wx, 60)).join("");
    case "Casa na Praia":
      return rect(-80, 70, 160, 70) + poly([[-95, 68], [0, 130], [95, 68]]) + win(-50, 50, 24, 20) + win(26, 50, 24, 20) + rect(-100, 8, 200, 8);
    case "Gruta":
      return `<path d="M${f(x - 220 * s)} ${f(y)} Q${f(x - 170 * s)} ${f(y - 230 * s)} ${f(x)} ${f(y - 250 * s)} Q${f(x + 190 * s)} ${f(y - 240 * s)} ${f(x + 230 * s)} ${f(y)}Z" fill="${c}"/><path d="M${f(x - 70 * s)} ${f(y)} Q${f(x)} ${f(y - 190 * s)} ${f(x + 70 * s)} ${f(y)}Z" fill="${w}" opacity="0.55"/>`;
    case "Casa Ecológica":
      return rect(-90, 75, 180, 75) + poly([[-105, 73], [-105, 95], [105, 140], [105, 73]]) + poly([[-80, 100], [-80, 108], [90, 144], [90, 136]], "#4f6d8f") + win(-60, 55, 30, 22) + win(20, 55, 30, 22);
    case "Fazenda":
    case "Hotel Fazenda": {
      const wide = type === "Hotel Fazenda" ? 1.5 : 1;
      const fence = Array.from({ length: 9 }, (_, i) => rect(-260 + i * 22, 28, 5, 28)).join("") + rect(-262, 20, 190, 4);
      return rect(-110 * wide, 80, 220 * wide, 80) + poly([[-130 * wide, 78], [0, 150], [130 * wide, 78]]) + [-80, -30, 20, 70].map((wx) => win(wx * wide, 58)).join("") + fence;
    }
    case "Hotel":
      return rect(-90, 230, 180, 230) + [190, 150, 110, 70].flatMap((wy) => [-65, -25, 15, 55].map((wx) => win(wx, wy, 14, 18))).join("");
    case "Casas Barco":
      return poly([[-140, 10], [-120, -20], [120, -20], [140, 10]]) + rect(-90, 70, 180, 62) + poly([[-100, 68], [0, 110], [100, 68]]) + win(-60, 50, 24, 18) + win(36, 50, 24, 18);
    case "Celeiro":
      return rect(-90, 100, 180, 100) + poly([[-100, 98], [-70, 160], [0, 185], [70, 160], [100, 98]]) + poly([[-30, 0], [-30, 60], [30, 60], [30, 0]], w) + win(-10, 140, 20, 16);
    case "Barco":
      return poly([[-130, 10], [-105, -22], [105, -22], [130, 10]]) + rect(-4, 210, 8, 200) + poly([[8, 200], [8, 30], [110, 30]]) + poly([[-8, 180], [-8, 40], [-90, 40]]);
    case "Trailer / Motorhome":
      return (
        `<rect x="${f(x - 130 * s)}" y="${f(y - 105 * s)}" width="${f(240 * s)}" height="${f(85 * s)}" rx="${f(30 * s)}" fill="${c}"/>` +
        win(-100, 85, 40, 26) + win(-40, 85, 40, 26) + rect(110, 35, 40, 6) +
        `<circle cx="${f(x - 60 * s)}" cy="${f(y - 16 * s)}" r="${f(16 * s)}" fill="${c}"/><circle cx="${f(x + 50 * s)}" cy="${f(y - 16 * s)}" r="${f(16 * s)}" fill="${c}"/>`
      );
    case "Contêiner":
      return rect(-140, 80, 280, 80) + Array.from({ length: 12 }, (_, i) => rect(-130 + i * 22, 74, 3, 68, w)).join("") + win(60, 62, 60, 40);
  }
}

/** The SVG for image number `n` of a property type. */
export function sceneSvg(type: PropertyType, n: number): string {
  const random = seededRandom(hash(`${type}#${n}`));
  const p = PALETTES[(hash(type) + n) % PALETTES.length]!;
  const backdrop = BACKDROP[type] ?? (n % 3 === 2 ? "lake" : "hills");
  const horizon = 470 + random() * 60;
  const sunX = 150 + random() * 900;
  const sunY = 130 + random() * 170;
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="160" fill="url(#glow)"/><circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(38 + random() * 22)}" fill="${p.sun}"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const cx = random() * SCENE_WIDTH;
    const cy = 80 + random() * 160;
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(70 + random() * 60)}" ry="${f(14 + random() * 8)}" fill="#ffffff" opacity="0.45"/>`);
  }
  parts.push(ridge(random, horizon - 40, 170, p.far, 0.8), ridge(random, horizon + 10, 90, p.near));
  const groundY = backdrop === "hills" ? horizon + 150 : horizon + 120;
  if (backdrop === "hills") {
    parts.push(ridge(random, groundY, 40, p.ground));
  } else {
    parts.push(`<rect x="0" y="${f(horizon + 40)}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="${p.water}"/>`);
    for (let i = 0; i < 7; i++) {
      const wy = horizon + 60 + random() * 200;
      const wx = random() * SCENE_WIDTH;
      parts.push(`<rect x="${f(wx)}" y="${f(wy)}" width="${f(60 + random() * 120)}" height="3" fill="#ffffff" opacity="0.35"/>`);
    }
    if (backdrop === "sea") parts.push(`<path d="M0 ${SCENE_HEIGHT - 120} Q600 ${SCENE_HEIGHT - 190} ${SCENE_WIDTH} ${SCENE_HEIGHT - 110} V${SCENE_HEIGHT} H0Z" fill="#e8d3a2"/>`);
    else parts.push(ridge(random, SCENE_HEIGHT - 60, 30, p.ground));
  }
  const onWater = type === "Barco" || type === "Casas Barco";
  const baseY = onWater ? horizon + 130 : backdrop === "hills" ? groundY - 10 : SCENE_HEIGHT - 110;
  const x = 380 + random() * 440;
  const scale = 1.05 + random() * 0.35;
  const trees: string[] = [];
  const treeCount = backdrop === "sea" ? 2 : 5;
  for (let i = 0; i < treeCount; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const tx = x + side * (230 + random() * 260);
    const th = 120 + random() * 120;
    trees.push(backdrop === "sea" ? palm(tx, baseY + 10, th + 60, p.structure) : pine(tx, baseY + 8, th, p.structure));
  }
  parts.push(...trees, structure(type, x, baseY, scale, p.structure, p.window));
  parts.push(
    `<rect x="${DEMO_LABEL_BOX.x}" y="${DEMO_LABEL_BOX.y}" width="${DEMO_LABEL_BOX.width}" height="${DEMO_LABEL_BOX.height}" rx="8" fill="#000000" opacity="0.45"/>`,
    `<text x="${SCENE_WIDTH / 2}" y="${DEMO_LABEL_BOX.y + 27}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#ffffff">${DEMO_LABEL}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">${parts.join("")}</svg>`;
}
