# Builds and runs the same thing as `npm install && npm start`: the API and the built PWA on one
# port, with the embedded SQLite database and uploads under the DATA_DIR volume.

# --- build: all dependencies, then the web bundle
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && npm prune --omit=dev

# --- run: production dependencies, non-root. The server runs as the one module `vite build` bundled
# (.server/server.mjs) with plain node; it finds its worker scripts and catalogs beside it in api/, db/, web/.
# NODE_ENV=production also means no demo data unless SEED_DEMO=1 is given (api/config.ts).
FROM node:22-bookworm-slim AS run
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# pg_dump and pg_restore for `npm run backup` / `restore` on PostgreSQL (Debian 12's client is 15,
# as new as compose.yaml's server: README "Backups").
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/.server ./.server
COPY --from=build /app/package.json ./package.json
COPY api ./api
COPY db ./db
COPY sync ./sync
# The catalog files: the server checks staff corrections against them (api/translations).
COPY web/i18n/catalogs ./web/i18n/catalogs
# `docker exec <container> npm run reset-admin-password` and `npm run remove-demo-data` (README).
COPY scripts/reset-admin-password.ts scripts/remove-demo-data.ts ./scripts/
# `docker exec <container> npm run backup -- /data/backups/…` and `npm run restore` (README).
COPY scripts/backup.ts scripts/restore.ts ./scripts/
COPY scripts/backup/snapshot.ts ./scripts/backup/snapshot.ts
# The runtime user writes the data folder and ./backups, where `npm run backup` writes by default
# (WORKDIR /app is root's: without this a plain `docker exec <container> npm run backup` failed).
RUN mkdir -p /data /app/backups && chown -R node:node /data /app/backups
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://localhost:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", ".server/server.mjs"]
