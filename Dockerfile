# Kirana in one image: Bun serves the API and the built PWA; data lives in /app/.data
# (mount a volume there) or in the PostgreSQL named by DATABASE_URL.
FROM oven/bun:1.4 AS base
WORKDIR /app

# Every dependency, for building the PWA.
FROM base AS deps
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile

# Only what the server needs at run time.
FROM base AS production-deps
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile --production

FROM deps AS build
COPY . .
RUN bun run build

FROM base AS release
ENV NODE_ENV=production
COPY --from=production-deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json tsconfig.json index.ts ./
COPY db db
COPY modules modules
COPY web web
COPY public public
COPY cli cli
# The image's non-root `bun` user must own the embedded database's directory.
# The migrated PGlite template, made once here so a fresh container starts in about a second.
RUN bun -e "const { withDemoCatalog } = await import('./index.ts'); const { pgliteTemplateDir } = await import('./db/pglite-template.ts'); await pgliteTemplateDir(withDemoCatalog({ dataDir: '.data' }).contents)"
RUN mkdir -p .data && chown bun:bun .data
USER bun
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server applies pending migrations before it listens, so starting it is also the migration step.
# Bun's header ceiling sits above the app's own 12 KB limit, so oversized headers get a JSON 431.
CMD ["bun", "--max-http-header-size=262144", "index.ts"]
