/** The cookie that keeps the chosen theme: the only cookie a page shared by anonymous visitors may depend on. */
export const THEME_COOKIE = "recanto_theme";
