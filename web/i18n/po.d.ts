/** A PO catalog compiled on import by web/i18n/bun-plugin.ts. */
declare module '*.po' {
  export const messages: import('@lingui/core').Messages
}
