import { findCategory, type Category } from "../../common/catalog";
import { parseCategoryQuery, parseHomeQuery } from "../../common/property-query";
import type { SearchInput } from "./search";
import { searchInput } from "./search-input";
import { categoryQueryOf, homeQueryOf } from "./understood-query";

/** Counting needs no page of cards. */
const PAGE_SIZE = 1;
const categoryScope = (category: Category) => ({ types: category.types, anyAmenities: category.anyAmenities, pageSize: PAGE_SIZE });

/**
 * The search a results page runs for its URL: the category page's when `slug` names one, else the
 * home results'. Read as the pages read it (understood text, bad values dropped), including where
 * they redirect: text naming another type, or a collection.
 */
export function pageSearchInput(params: URLSearchParams, slug: string): SearchInput {
  const category = slug ? findCategory(slug) : undefined;
  if (category) {
    const page = categoryQueryOf(parseCategoryQuery(params), category);
    return searchInput(page.query, page.kind === "type" ? { types: [page.type], pageSize: PAGE_SIZE } : categoryScope(category));
  }
  const home = homeQueryOf(parseHomeQuery(params));
  if (home.kind === "collection") return searchInput(home.query, categoryScope(home.category));
  return searchInput(home.query, { types: home.query.propertyType ? [home.query.propertyType] : [], pageSize: PAGE_SIZE });
}
