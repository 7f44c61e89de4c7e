/** The server writes its NODE_ENV into index.html; the dev server leaves it empty. */
export function serverEnvironment(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="kirana-environment"]')
  return meta?.content || 'development'
}

export const isProductionServer = () => serverEnvironment() === 'production'
