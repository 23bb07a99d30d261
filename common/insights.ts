/**
 * A host's numbers (issue 46, decision 032) as every place that shows them names them: the
 * "Desempenho" page, the summary on /perfil and the monthly summary email.
 */

export const METRICS = ["views", "galleryOpens", "favorites", "contacts"] as const;
export type Metric = (typeof METRICS)[number];
export type Counts = Record<Metric, number>;
export const NO_COUNTS: Counts = { views: 0, galleryOpens: 0, favorites: 0, contacts: 0 };

export const METRIC_LABELS: Record<Metric, string> = {
  views: "Visualizações da página",
  galleryOpens: "Aberturas da galeria",
  favorites: "Novos favoritos",
  contacts: "Contatos pelo WhatsApp",
};
