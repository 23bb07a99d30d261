import { data } from "react-router";
import type { Route } from "./+types/accommodation";
import { findPublicProperty } from "@server/properties/properties";

export async function loader({ params, context }: Route.LoaderArgs) {
  const property = await findPublicProperty(context.services.database.db, params.id);
  if (!property) throw data(null, { status: 404 });
  return { property };
}

export default function Accommodation({ loaderData }: Route.ComponentProps) {
  return <h1>{loaderData.property.title}</h1>;
}
