import { BRAND_NAME } from '../../modules/shared/contract'

export function renderWelcomePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${BRAND_NAME}</title></head><body><a href="/app">Open App</a></body></html>`
}
