import type { Metric } from "@server/insights/insights";

/** What each of a host's numbers is called, on "Desempenho" and on /perfil. */
export const METRIC_LABELS: Record<Metric, string> = {
  views: "Visualizações da página",
  galleryOpens: "Aberturas da galeria",
  favorites: "Novos favoritos",
  contacts: "Contatos pelo WhatsApp",
};
