/** The address of the icons' sprite (`iconSprite` in vite.config.ts). */
declare module "virtual:icon-sprite" {
  const url: string;
  export default url;
}
