import { useRouteLoaderData } from "react-router";
import type { MapTiles } from "@common/map";

/** The tiles every map draws (MAP_TILE_URL and its credit), from the root loader. */
export function useMapTiles(): MapTiles {
  return (useRouteLoaderData("root") as { mapTiles: MapTiles }).mapTiles;
}
